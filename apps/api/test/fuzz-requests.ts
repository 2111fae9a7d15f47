/**
 * Requests generated for one operation of the OpenAPI document: path, query, headers and body made
 * from its schemas, valid or hostile, with bad path segments, bad queries, broken JSON and broken
 * multipart bodies mixed in. Values that should name existing rows are symbolic (`Known`) and are
 * resolved against the current fixtures when the request is sent.
 */
import { INDIAN_STATE_NAMES } from "@shop/shared/india";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import type { Operation } from "./openapi";
import {
  EXTRA_FIELDS,
  hostileValue,
  nastyString,
  type SchemaArbitraryOptions,
  validValue,
  withSuffix,
} from "./schema-arbitraries";

/** The pools of existing things a request can name: ids of each kind, any id, slugs and emails. */
export const POOLS = [
  "id",
  "user",
  "product",
  "variant",
  "category",
  "media",
  "address",
  "order",
  "payment",
  "review",
  "slug",
  "email",
  "webhook",
  "delivery",
  "shippingMethod",
] as const;

/** The n-th value of a pool (counted modulo its size), resolved against the fixtures when the request is sent. */
export class Known {
  constructor(
    readonly pool: (typeof POOLS)[number],
    readonly index: number,
  ) {}
  toString() {
    return `Known(${this.pool}#${this.index})`;
  }
}

export type Pools = Record<Known["pool"], string[]>;

/** A path segment or query value: text to percent-encode, or raw text sent as it is. */
type Piece = { text: unknown } | { raw: string };

type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | undefined; payload: string };

export interface GeneratedRequest {
  path: Record<string, Piece>;
  query: [string, Piece][];
  headers: Partial<Record<string, string>>;
  body: Body;
}

/** Marks a body that is sent as JSON text with a prototype key prepended (see `withPrototypeKey`). */
export const PROTOTYPE_MARK = "\u0001prototype:";

const ID_PATTERN = "^[0-9a-f]{24}$";
const SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";

/** Which kind of id a body field or a path segment names. */
const ID_KINDS: Record<string, Known["pool"]> = {
  users: "user",
  user: "user",
  userId: "user",
  products: "product",
  product: "product",
  productId: "product",
  variant: "variant",
  categories: "category",
  category: "category",
  media: "media",
  thumbnail: "media",
  gallery: "media",
  addresses: "address",
  shippingAddress: "address",
  orders: "order",
  order: "order",
  orderId: "order",
  payments: "payment",
  payment: "payment",
  reviews: "review",
  reviewId: "review",
  webhooks: "webhook",
  deliveries: "delivery",
  deliveryId: "delivery",
  // /settings/shipping/{methodId}/pincodes: a shipping method of the settings.
  shipping: "shippingMethod",
};

/** Existing ids (of the kind the field names, mostly), slugs and emails for strings of those shapes. */
/** One of India's states as a caller may type it: as listed, lower-cased, upper-cased or padded. */
const listedState = fc
  .tuple(fc.constantFrom(...INDIAN_STATE_NAMES), fc.constantFrom("listed", "lower", "upper", "padded"))
  .map(([state, form]) =>
    form === "lower"
      ? state.toLowerCase()
      : form === "upper"
        ? state.toUpperCase()
        : form === "padded"
          ? `  ${state.replaceAll(" ", "  ")} `
          : state,
  );

export function knownValues(): SchemaArbitraryOptions {
  // The first of a pool is the likeliest: pools put their most telling value first (the caller's own id).
  const of = (pool: Known["pool"]) =>
    fc.oneof(fc.constant(0), fc.nat(11)).map((index) => new Known(pool, index));
  return {
    known: (schema, name) => {
      if (schema.pattern === ID_PATTERN) {
        const kind = name ? ID_KINDS[name] : undefined;
        return kind
          ? fc.oneof({ weight: 3, arbitrary: of(kind) }, { weight: 1, arbitrary: of("id") })
          : of("id");
      }
      if (schema.pattern === SLUG_PATTERN) return of("slug");
      if (schema.pattern?.includes("@")) return of("email");
      // An address's state, a cart's and a shipping method's: one of India's, in any case and spacing.
      if (name === "state" || name === "states") return listedState;
      return undefined;
    },
  };
}

/** The kind of id a path parameter names: the nearest static segment before it that names one. */
function kindOfPathParameter(path: string, parameter: string): string | undefined {
  const segments = path.split("/");
  const at = segments.indexOf(`{${parameter}}`);
  return segments
    .slice(0, at)
    .reverse()
    .find((segment) => segment in ID_KINDS);
}

const badSegment: fc.Arbitrary<Piece> = fc.oneof(
  nastyString.map((text) => ({ text: text.slice(0, 2_000) })),
  fc.constantFrom<Piece>(
    { text: "x".repeat(300) },
    { text: "null" },
    { text: "undefined" },
    { text: "-1" },
    { text: "1e400" },
    { text: "ABCDEF0123456789ABCDEF01" },
    { text: "0123456789abcdef0123456" },
    { text: "0123456789abcdef012345678" },
    { text: "[object Object]" },
    { raw: "%ZZ" },
    { raw: "%00" },
    { raw: "..%2F..%2Fetc%2Fpasswd" },
    { raw: "%C0%AE" },
    { raw: "%E2%80%AE" },
  ),
);

const badQueryValue: fc.Arbitrary<Piece> = fc.oneof(
  fc.constantFrom<Piece>(
    { text: "-1" },
    { text: "0" },
    { text: "NaN" },
    { text: "Infinity" },
    { text: "1e400" },
    { text: "1000000" },
    { text: "99999999999999999999" },
    { text: "1.5" },
    { text: "0x10" },
    { text: " 1 " },
    { text: "" },
    { text: "abc" },
    { text: "true" },
    { raw: "%00" },
    { raw: "%ZZ" },
  ),
  nastyString.map((text) => ({ text: text.slice(0, 3_000) })),
);

/** Parameters nobody documented: role climbing, prototype keys, brackets. */
const extraQuery: fc.Arbitrary<[string, Piece][]> = fc.subarray<[string, Piece]>([
  ["role", { text: "admin" }],
  ["isAdmin", { text: "true" }],
  ["status", { text: "delivered" }],
  ["__proto__", { text: "x" }],
  ["constructor[prototype][isAdmin]", { text: "true" }],
  ["size[]", { text: "5" }],
  ["page[$gt]", { text: "0" }],
]);

const hexId = fc.stringMatching(/^[0-9a-f]{24}$/);

/**
 * A list's `after`: a well-formed cursor of one of the lists' sort keys (a time and an id; a product
 * name, its id, a position and a variant id), with odd values the keyset's SQL must take: the first
 * and last moments a cursor can name, names in any script, positions at integer's ends.
 */
const cursorValue: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.date({
        min: new Date("0001-01-01T00:00:00Z"),
        max: new Date("9999-12-31T23:59:59Z"),
        noInvalidDate: true,
      }),
      fc.integer({ min: 0, max: 999 }),
      hexId,
    )
    .map(([date, micros, id]) =>
      encodeCursor([`${date.toISOString().slice(0, 23)}${String(micros).padStart(3, "0")}Z`, id]),
    ),
  fc
    .tuple(
      fc.string({ unit: "grapheme", maxLength: 60 }),
      hexId,
      fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
      hexId,
    )
    .map((key) => encodeCursor(key)),
);

function queryArbitrary(
  operation: Operation,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<[string, Piece][]> {
  const parameters = operation.parameters.filter((p) => p.in === "query");
  const each = parameters.map((parameter) =>
    fc
      .oneof(
        {
          weight: 3,
          arbitrary: (parameter.name === "after" ? cursorValue : validValue(parameter.schema, options)).map(
            (v): Piece[] => [{ text: v }],
          ),
        },
        { weight: 1, arbitrary: fc.constant<Piece[]>([]) },
        { weight: 3, arbitrary: badQueryValue.map((piece) => [piece]) },
        // The same parameter twice (an array after parsing).
        {
          weight: 1,
          arbitrary: fc.tuple(badQueryValue, badQueryValue).map(([a, b]) => [a, b]),
        },
      )
      .map((pieces) => pieces.map((piece): [string, Piece] => [parameter.name, piece])),
  );
  return fc
    .tuple(
      fc.tuple(...each),
      fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extraQuery }),
    )
    .map(([documented, extras]) => [...documented.flat(), ...extras]);
}

function pathArbitrary(
  operation: Operation,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<Record<string, Piece>> {
  const fields: Record<string, fc.Arbitrary<Piece>> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === "path")) {
    // NOTE: an empty segment is another URL (a trailing slash: the list instead of one item), so none is made.
    fields[parameter.name] = fc
      .oneof(
        {
          weight: 4,
          arbitrary: validValue(
            parameter.schema,
            options,
            kindOfPathParameter(operation.path, parameter.name),
          ).map((text): Piece => ({ text })),
        },
        { weight: 1, arbitrary: badSegment },
      )
      .filter((piece) => ("raw" in piece ? piece.raw : String(piece.text)) !== "");
  }
  return fc.record(fields);
}

function headersArbitrary(
  operation: Operation,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<Partial<Record<string, string>>> {
  const fields: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === "header")) {
    // NOTE: header values are printable ASCII on the wire; anything else never reaches the server.
    fields[parameter.name] = fc.oneof(
      validValue(parameter.schema, options).map((v) => String(v)),
      fc.constantFrom("", " ", "x".repeat(200), "y".repeat(8_000)),
      fc.string({ maxLength: 100 }),
    );
  }
  return fc.record(fields, { requiredKeys: [] });
}

/** JSON text with a prototype-polluting key in front of the object's own fields. */
function withPrototypeKey(value: unknown, key: "__proto__" | "constructor"): string {
  const inner = key === "__proto__" ? '{"isAdmin":true,"role":"admin"}' : '{"prototype":{"isAdmin":true}}';
  const text = JSON.stringify(value);
  if (value && typeof value === "object" && !Array.isArray(value))
    return text === "{}" ? `{"${key}":${inner}}` : `{"${key}":${inner},${text.slice(1)}`;
  return `{"${key}":${inner}}`;
}

const brokenJson = fc.constantFrom(
  "{",
  '{"a":',
  "[1,",
  "nul",
  '"unterminated',
  "{'single':'quotes'}",
  '{"a":1}garbage',
  "\u0000",
  "",
  "null",
  "[]",
  "1",
  '"text"',
  `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
  `{"a":"${"z".repeat(300_000)}"}`,
);

const BOUNDARY = "----shopfuzzboundary";

function multipart(parts: { name: string; filename?: string; type?: string; data: string }[], end = true) {
  const chunks = parts.map((part) => {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : "";
    return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${part.data}\r\n`;
  });
  return `${chunks.join("")}${end ? `--${BOUNDARY}--\r\n` : ""}`;
}

const PNG_SIGNATURE = "\x89PNG\r\n\x1a\n";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

const brokenMultipart: fc.Arbitrary<Body> = fc.oneof(
  fc
    .constantFrom("image", "avatar", "file", "__proto__")
    .chain((name) =>
      fc.constantFrom(
        multipart([{ name, filename: "picture.svg", type: "image/svg+xml", data: SVG }]),
        multipart([{ name, filename: "picture.png", type: "image/png", data: "not an image at all" }]),
        multipart([{ name, filename: "picture.png", type: "image/png", data: PNG_SIGNATURE }]),
        multipart([{ name, filename: "picture.png", type: "image/png", data: "" }]),
        multipart([{ name, filename: "../../../etc/passwd\u202E.png", type: "image/png", data: "x" }]),
        multipart([{ name, data: "a plain field" }]),
        multipart([{ name, filename: "picture.png", type: "image/png", data: PNG_SIGNATURE }], false),
        multipart([
          { name, filename: "a.png", type: "image/png", data: PNG_SIGNATURE },
          { name, filename: "b.png", type: "image/png", data: PNG_SIGNATURE },
        ]),
        multipart(Array.from({ length: 8 }, (_, i) => ({ name: `field${i}`, data: "v" }))),
        multipart([{ name: "note", data: "n".repeat(5_000) }]),
      ),
    )
    .map((payload): Body => ({ kind: "raw", contentType: multipartType, payload })),
  fc.constantFrom<Body>(
    { kind: "raw", contentType: multipartType, payload: `--${BOUNDARY}--\r\n` },
    { kind: "raw", contentType: multipartType, payload: "no boundary anywhere" },
    { kind: "raw", contentType: "multipart/form-data", payload: multipart([{ name: "image", data: "x" }]) },
    {
      kind: "raw",
      contentType: "multipart/form-data; boundary=other",
      payload: multipart([{ name: "image", filename: "a.png", data: "x" }]),
    },
  ),
);

const foreignContent: fc.Arbitrary<Body> = fc.constantFrom<Body>(
  { kind: "raw", contentType: "text/plain", payload: "role=admin" },
  { kind: "raw", contentType: "application/x-www-form-urlencoded", payload: "role=admin&isAdmin=true" },
  { kind: "raw", contentType: "application/xml", payload: "<role>admin</role>" },
  { kind: "raw", contentType: "application/json; charset=utf-16", payload: "{}" },
  { kind: "raw", contentType: undefined, payload: "{}" },
);

function bodyArbitrary(operation: Operation, options: SchemaArbitraryOptions): fc.Arbitrary<Body> {
  if (operation.method === "GET") return fc.constant<Body>({ kind: "none" });
  const raw = (payload: string): Body => ({ kind: "raw", contentType: "application/json", payload });
  const schema = operation.body;
  if (!schema) {
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant<Body>({ kind: "none" }) },
      { weight: 1, arbitrary: fc.constant<Body>({ kind: "json", value: { ...EXTRA_FIELDS } }) },
      { weight: 1, arbitrary: brokenJson.map(raw) },
      { weight: 3, arbitrary: brokenMultipart },
      { weight: 1, arbitrary: foreignContent },
    );
  }
  const valid = validValue(schema, options);
  const extras = fc.subarray(Object.keys(EXTRA_FIELDS), { minLength: 1 });
  return fc.oneof(
    { weight: 8, arbitrary: valid.map((value): Body => ({ kind: "json", value })) },
    {
      // A valid body plus fields such as role or isAdmin.
      weight: 2,
      arbitrary: fc.tuple(valid, extras).map(
        ([value, keys]): Body => ({
          kind: "json",
          value: { ...(value as object), ...Object.fromEntries(keys.map((key) => [key, EXTRA_FIELDS[key]])) },
        }),
      ),
    },
    { weight: 6, arbitrary: hostileValue(schema, options).map((value): Body => ({ kind: "json", value })) },
    {
      // A valid body with one text carrying NUL (which PostgreSQL text cannot hold) or a lone surrogate.
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.constantFrom("\u0000", "\u0000", "\uD800"), fc.nat(20))
        .map(([value, suffix, n]): Body => ({ kind: "json", value: withSuffix(value, suffix, n) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom("__proto__" as const, "constructor" as const))
        .map(([value, key]): Body => ({ kind: "json", value: { [`${PROTOTYPE_MARK}${key}`]: value } })),
    },
    { weight: 1, arbitrary: brokenJson.map(raw) },
    { weight: 1, arbitrary: fc.oneof(brokenMultipart, foreignContent) },
  );
}

/** Requests for one operation. */
export function requestArbitrary(
  operation: Operation,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<GeneratedRequest> {
  return fc.record({
    path: pathArbitrary(operation, options),
    query: queryArbitrary(operation, options),
    headers: headersArbitrary(operation, options),
    body: bodyArbitrary(operation, options),
  });
}

/** Replaces every `Known` by the pool value it names. */
function resolve(value: unknown, pools: Pools): unknown {
  if (value instanceof Known) {
    const pool = pools[value.pool];
    return pool[value.index % pool.length] ?? "";
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, pools));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, pools)]));
  return value;
}

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
function encode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    // NOTE: dots are encoded too, so that "." and ".." stay values instead of path steps.
    out += /[A-Za-z0-9\-_~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function pieceText(piece: Piece, pools: Pools): string {
  return "raw" in piece ? piece.raw : encode(String(resolve(piece.text, pools)));
}

/** The inject options of a generated request, with `Known` values resolved. */
export function toInjectOptions(
  operation: Operation,
  request: GeneratedRequest,
  pools: Pools,
): InjectOptions & { method: Operation["method"]; url: string } {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const piece = request.path[name];
    return piece ? pieceText(piece, pools) : "";
  });
  const query = request.query.map(([name, piece]) => `${encode(name)}=${pieceText(piece, pools)}`).join("&");
  const url = query ? `${path}?${query}` : path;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = value;
  const { body } = request;
  if (body.kind === "none") return { method: operation.method, url, headers };
  if (body.kind === "raw") {
    if (body.contentType) headers["content-type"] = body.contentType;
    return { method: operation.method, url, headers, payload: body.payload };
  }
  headers["content-type"] = "application/json";
  const value = resolve(body.value, pools);
  const marked =
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.keys(value).find((key) => key.startsWith(PROTOTYPE_MARK))
      : undefined;
  const payload = marked
    ? withPrototypeKey(
        (value as Record<string, unknown>)[marked],
        marked.slice(PROTOTYPE_MARK.length) as "__proto__" | "constructor",
      )
    : JSON.stringify(value);
  return { method: operation.method, url, headers, payload };
}
