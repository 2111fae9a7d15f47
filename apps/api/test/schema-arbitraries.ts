/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document, for the subset that
 * @fastify/swagger writes from the zod route schemas: type, properties, required,
 * additionalProperties, items, enum, nullable, anyOf/oneOf, minimum/maximum/multipleOf,
 * minLength/maxLength/pattern and minItems/maxItems.
 *
 * `validValue` makes values the schema accepts (as far as a JSON schema can say: zod's trims and
 * refinements are not in it); `hostileValue` makes values that break it somewhere, or that are
 * legal but nasty (huge, unicode, NUL, lone surrogates, fields such as `role` or `isAdmin`).
 */
import fc from "fast-check";

export interface JsonSchema {
  type?: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface SchemaArbitraryOptions {
  /**
   * Values naming things that exist (e.g. ids of rows) for a string schema, mixed into valid strings;
   * `name` is the field's (or the array's) name, or the hint the caller gave.
   */
  known?: (schema: JsonSchema, name: string | undefined) => fc.Arbitrary<unknown> | undefined;
}

/** Strings that have broken servers before: huge, unicode of every kind, NUL, lone surrogates, markup. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constant("x".repeat(100_000)),
  fc.constant("😀".repeat(2_000)),
  fc.constant("\u202Eevil.exe\u202C مرحبا بالعالم"),
  fc.constant("nul\u0000byte"),
  fc.constant("\u0000"),
  fc.constant("lone \uD800 surrogate"),
  fc.constant("\uDFFF"),
  fc.constant("e\u0301\u0301\u0301 zalgo"),
  fc.constant("' OR '1'='1' --"),
  fc.constant("%'_\\"),
  fc.constant("<script>alert(1)</script>"),
  fc.constant("../../../etc/passwd"),
  fc.constant("   "),
  fc.constant("\r\n\t"),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "binary-ascii", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

/** Fields a client might add to climb roles or reach into the server's objects. */
export const EXTRA_FIELDS: Record<string, unknown> = {
  role: "admin",
  isAdmin: true,
  status: "delivered",
  passwordHash: "x",
  userId: "000000000000000000000000",
  _id: "000000000000000000000000",
  price: 0.01,
  totalAmount: 0.01,
  paymentId: "000000000000000000000000",
};

const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, "", "text", [], [1, 2], {}, { a: 1 }];

function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const kind = schema.type;
  return fc.constantFrom(
    ...WRONG_TYPES.filter((value) => {
      if (value === null) return !schema.nullable;
      if (Array.isArray(value)) return kind !== "array";
      if (typeof value === "number") return kind !== "number" && kind !== "integer";
      if (typeof value === "object") return kind !== "object";
      return typeof value !== kind;
    }),
  );
}

function orNull(schema: JsonSchema, arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return schema.nullable ? fc.oneof(arbitrary, fc.constant(null)) : arbitrary;
}

const INT32 = 2 ** 31 - 1;
const clampInt = (n: number) => Math.max(-INT32, Math.min(INT32, n));

function stringsMatching(pattern: string, schema: JsonSchema): fc.Arbitrary<string> {
  const regex = new RegExp(pattern);
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  try {
    return fc.stringMatching(regex).filter(fits);
  } catch {
    // NOTE: fast-check cannot generate from lookaheads (the password rule); known good samples instead.
    const samples = ["Secret@123", "abc12@x", "Zz9#long&strong", "a1!b2?c3%"].filter(
      (s) => regex.test(s) && fits(s),
    );
    return samples.length > 0 ? fc.constantFrom(...samples) : fc.string();
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return stringsMatching(schema.pattern, schema);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 40, minLength + 40);
  const rest = { minLength: Math.max(0, minLength - 1), maxLength };
  // A letter first, so that zod's trim() and min() after trimming still hold; unicode is valid text too.
  return fc
    .tuple(
      fc.stringMatching(/^[A-Za-z]$/),
      fc.oneof(fc.string(rest), fc.string({ ...rest, unit: "grapheme" })),
    )
    .map(([first, tail]) => `${first}${tail}`.slice(0, Math.max(maxLength, 1)))
    .filter((text) => text.length >= minLength);
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = Math.min(schema.maximum ?? 1_000_000, Math.max(min, 0) + 1_000_000);
  if (schema.multipleOf) {
    const step = schema.multipleOf;
    return fc
      .integer({ min: clampInt(Math.ceil(min / step)), max: clampInt(Math.floor(max / step)) })
      .map((n) => Number((n * step).toFixed(6)));
  }
  if (schema.type === "integer") {
    const lo = clampInt(min);
    const hi = clampInt(Math.min(max, lo + 1_000));
    return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function validObject(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) fields[key] = validValue(property, options, key);
  if (Object.keys(fields).length === 0) return fc.constant({});
  const required = (schema.required ?? []).filter((key) => key in fields);
  return fc.record(fields, { requiredKeys: required });
}

/** Values the schema accepts. */
export function validValue(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
  name?: string,
): fc.Arbitrary<unknown> {
  if (schema.enum) return orNull(schema, fc.constantFrom(...schema.enum));
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches)
    return orNull(schema, fc.oneof(...branches.map((branch) => validValue(branch, options, name))));
  switch (schema.type) {
    case "string": {
      const known = options.known?.(schema, name);
      const made = validString(schema);
      return orNull(
        schema,
        known ? fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: made }) : made,
      );
    }
    case "integer":
    case "number":
      return orNull(schema, validNumber(schema));
    case "boolean":
      return orNull(schema, fc.boolean());
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
      return orNull(
        schema,
        fc.array(validValue(schema.items ?? {}, options, name), { minLength, maxLength }),
      );
    }
    case "object":
      return orNull(schema, validObject(schema, options));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function hostileString(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongTypeFor(schema), nastyString];
  if (schema.maxLength !== undefined) options.push(fc.constant("w".repeat(schema.maxLength + 1)));
  if ((schema.minLength ?? 0) > 0) options.push(fc.constantFrom("", " ".repeat(schema.minLength ?? 1)));
  if (schema.pattern) options.push(validString(schema).map((s) => `${s}!\u0000`));
  return fc.oneof(...options);
}

function hostileNumber(schema: JsonSchema): fc.Arbitrary<unknown> {
  const edges: unknown[] = [1e308, -1e308, 1e21, -0, 2 ** 53 + 2, "12", "1e3", "NaN"];
  if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) edges.push(schema.maximum + 1);
  if (schema.type === "integer") edges.push(1.5, 0.1);
  if (schema.multipleOf) edges.push(schema.multipleOf / 10 + 1);
  return fc.oneof(wrongTypeFor(schema), fc.constantFrom(...edges));
}

function hostileArray(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const item = schema.items ?? {};
  const choices: fc.Arbitrary<unknown>[] = [
    wrongTypeFor(schema),
    fc
      .tuple(fc.array(validValue(item, options), { maxLength: 2 }), hostileValue(item, options))
      .map(([good, bad]) => [...good, bad]),
    fc.constant(Array.from({ length: 2_000 }, (_, index) => index)),
  ];
  if (schema.maxItems !== undefined) {
    const count = schema.maxItems + 1;
    choices.push(validValue(item, options).map((value) => Array.from({ length: count }, () => value)));
  }
  if ((schema.minItems ?? 0) > 0) choices.push(fc.constant([]));
  return fc.oneof(...choices);
}

function hostileObject(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const valid = validObject(schema, options) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const choices: fc.Arbitrary<unknown>[] = [
    wrongTypeFor(schema),
    // Extra fields: role, isAdmin, status and friends.
    fc.tuple(valid, fc.subarray(Object.keys(EXTRA_FIELDS), { minLength: 1 })).map(([value, extras]) => ({
      ...value,
      ...Object.fromEntries(extras.map((k) => [k, EXTRA_FIELDS[k]])),
    })),
  ];
  // One text field carrying a character that databases and terminals choke on.
  choices.push(
    fc
      .tuple(valid, fc.constantFrom("\u0000", "\uD800", "\uDFFF", "😀", "\u202E", "\u200B"), fc.nat(20))
      .map(([value, suffix, n]) => withSuffix(value, suffix, n)),
  );
  if (keys.length > 0) {
    // One field broken, the others valid.
    choices.push(
      fc
        .constantFrom(...keys)
        .chain((key) =>
          fc
            .tuple(valid, hostileValue(schema.properties?.[key] ?? {}, options))
            .map(([value, bad]) => ({ ...value, [key]: bad })),
        ),
    );
  }
  if (required.length > 0) {
    // A required field missing.
    choices.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  return fc.oneof(...choices);
}

/** A copy with `suffix` added to the n-th string inside (counted modulo their number; other classes are left alone). */
export function withSuffix(value: unknown, suffix: string, n = 0): unknown {
  const strings: string[][] = [];
  const visit = (inner: unknown, path: string[]) => {
    if (typeof inner === "string") strings.push(path);
    else if (Array.isArray(inner))
      for (const [index, item] of inner.entries()) visit(item, [...path, String(index)]);
    else if (inner && Object.getPrototypeOf(inner) === Object.prototype)
      for (const [key, item] of Object.entries(inner)) visit(item, [...path, key]);
  };
  visit(value, []);
  const target = strings[n % Math.max(strings.length, 1)];
  if (!target) return value;
  const copy = (inner: unknown, depth: number): unknown => {
    if (depth === target.length) return `${inner as string}${suffix}`;
    const key = target[depth] as string;
    if (Array.isArray(inner))
      return inner.map((item, index) => (String(index) === key ? copy(item, depth + 1) : item));
    return {
      ...(inner as Record<string, unknown>),
      [key]: copy((inner as Record<string, unknown>)[key], depth + 1),
    };
  };
  return copy(value, 0);
}

/** Values that break the schema somewhere, or that are allowed but hostile. */
export function hostileValue(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  if (schema.enum) {
    const first = String(schema.enum[0] ?? "");
    return fc.oneof(
      wrongTypeFor({ ...schema, type: typeof schema.enum[0] === "string" ? "string" : schema.type }),
      fc.constantFrom(first.toUpperCase(), ` ${first} `, `${first}x`, "admin", ""),
      nastyString,
    );
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => hostileValue(branch, options)));
  switch (schema.type) {
    case "string":
      return hostileString(schema);
    case "integer":
    case "number":
      return hostileNumber(schema);
    case "boolean":
      return fc.oneof(wrongTypeFor(schema), fc.constantFrom("true", "false", 1, 0));
    case "array":
      return hostileArray(schema, options);
    case "object":
      return hostileObject(schema, options);
    default:
      return fc.oneof(nastyString, fc.jsonValue({ maxDepth: 3 }));
  }
}
