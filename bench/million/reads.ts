/**
 * The reads the million measures, in one table (READS): the storefront's, the dashboard's lists (first
 * page and a deep page, each filter of the orders), a customer's page and the reports, each with its
 * goal. A route with the read cache (the public catalogue's, which the dashboard's products list uses
 * too) is asked with distinct URLs, each once, so that no measured answer comes from memory; the
 * staff's reads, which the cache never keeps, are asked again and again with the same URL.
 *
 * Deep pages are asked by offset (page 1000 of 20), and by cursor when the API offers one: the
 * offset page's `meta.next` (the cursor of its last row) is asked for the next page with `after`,
 * unmeasured, then that keyset page is measured; a list whose answers carry no `meta.next` has its
 * cursor row left out. A new form of a read is one more row of READS.
 */
import { FULFILMENT_STATES, ORDER_STATUSES, PAYMENT_STATES } from "@shop/shared/constants";
import { type DatabaseHandle, openDatabase } from "../../apps/api/src/db/client";
import { CATEGORIES, LAST_NAMES } from "../lib/catalog-words";
import type { Answer, Connection } from "../lib/load-loop";
import { typoOf, WORDS } from "../search";
import { benchShopperEmail } from "../seed";

/** The goals (bench/README.md, "million"): p95 of each read. */
export const GOALS = {
  storefront: 50,
  dashboard: 150,
  /** The reports part's own target for its 30 days, at 100k orders. */
  report30Days: 200,
  report12Months: 1_000,
  gstMonth: 1_000,
} as const;
/** Each read's p95 at 1M against its p95 at 10k. */
export const GROWTH_GOAL = 3;

/** Dashboard lists: 20 rows a page; the deep page is the 1000th. */
const SIZE = 20;
export const DEEP_PAGE = 1_000;
/** The storefront's page size (DEFAULT_PAGE_SIZE). */
const SHOP_SIZE = 8;

/** What the reads ask for, found in the database being measured. */
export interface Fixtures {
  /** Active products spread over the catalogue. */
  productIds: string[];
  /** Customers with orders, spread over the accounts. */
  customerIds: string[];
  /** The email of a customer with orders (the orders' keyword search). */
  email: string;
  /** The number of an order in the middle of the history. */
  orderNumber: number;
  /** The shop's today and the days the date filters and reports ask for (YYYY-MM-DD). */
  today: string;
  daysAgo: (days: number) => string;
  /** The last whole month (YYYY-MM), for the GST returns. */
  lastMonth: string;
}

export interface Read {
  name: string;
  goalMs: number;
  /** Asked with the bench admin's session. */
  staff?: boolean;
  /**
   * Distinct paths, each asked once (a route with the read cache): the first WARMUP_DISTINCT warm
   * up, the rest are measured. Without `distinct`, the first path is asked again and again.
   */
  distinct?: boolean;
  /** Fewer requests for a read that takes seconds. */
  heavy?: boolean;
  /** The paths, from the fixtures; `ask` sends an unmeasured GET on the read's own connection. */
  paths: (fixtures: Fixtures, ask: (path: string) => Promise<Answer>) => string[] | Promise<string[]>;
}

/** Distinct reads: warm-ups, then measured requests, each a URL of its own. */
export const WARMUP_DISTINCT = 5;
export const MEASURED_DISTINCT = 40;
/** Repeated reads: warm-ups, then measured requests (a heavy read: fewer). */
const WARMUP = 3;
const MEASURED = 20;
const WARMUP_HEAVY = 2;
const MEASURED_HEAVY = 8;

export function requestsOf(read: Read): { warmup: number; measured: number } {
  if (read.distinct) return { warmup: WARMUP_DISTINCT, measured: MEASURED_DISTINCT };
  return read.heavy
    ? { warmup: WARMUP_HEAVY, measured: MEASURED_HEAVY }
    : { warmup: WARMUP, measured: MEASURED };
}

const DISTINCT = WARMUP_DISTINCT + MEASURED_DISTINCT;
const range = (from: number, count: number) => Array.from({ length: count }, (_, k) => from + k);

/** Keywords with filters whose values every bench product has (sizes; prices, sale, rating). */
const KEYWORDS = ["leather", "cotton", "watch", "denim", "sneakers", "linen", "silk", "boots", "wool"];
const FILTERS = [
  "inStock=true&option=Size:M",
  "maxPrice=100&onSale=true",
  "rating=4&maxPrice=200",
  "option=Size:L&rating=3",
  "minPrice=50&maxPrice=150",
];

/** `meta.next` of a list's answer: the cursor of its page's last row, when the API gives one. */
function nextOf(answer: Answer): string | undefined {
  try {
    const meta = (JSON.parse(answer.body.toString("utf8")) as { meta?: { next?: unknown } }).meta;
    return typeof meta?.next === "string" ? meta.next : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The keyset form of the page after each of these offset pages: each offset page asked (unmeasured)
 * for its `meta.next`, then the next page by `after` that cursor; none when the API gives no cursor.
 */
async function byCursor(
  ask: (path: string) => Promise<Answer>,
  pageAt: (page: number) => string,
  pages: readonly number[],
): Promise<string[]> {
  const paths: string[] = [];
  for (const page of pages) {
    const next = nextOf(await ask(pageAt(page)));
    if (!next) return [];
    paths.push(`${pageAt(page + 1)}&after=${encodeURIComponent(next)}`);
  }
  return paths;
}

/** A dashboard list: its first page, its deep page, and the page after it by cursor. */
function list(name: string, path: string, goalMs = GOALS.dashboard): Read[] {
  const join = path.includes("?") ? "&" : "?";
  const pageAt = (page: number) => `${path}${join}page=${page}&size=${SIZE}`;
  return [
    { name: `${name}, first page`, goalMs, staff: true, paths: () => [pageAt(1)] },
    { name: `${name}, page ${DEEP_PAGE}`, goalMs, staff: true, paths: () => [pageAt(DEEP_PAGE)] },
    {
      name: `${name}, page ${DEEP_PAGE + 1} by cursor`,
      goalMs,
      staff: true,
      paths: (_, ask) => byCursor(ask, pageAt, [DEEP_PAGE]),
    },
  ];
}

/** A first page of the orders narrowed by a filter. */
function orders(name: string, query: (f: Fixtures) => string): Read {
  return {
    name: `dashboard: orders, ${name}`,
    goalMs: GOALS.dashboard,
    staff: true,
    paths: (f) => [`/api/orders?${query(f)}&page=1&size=${SIZE}`],
  };
}

export const READS: Read[] = [
  {
    name: "storefront: product list (pages 1-45)",
    goalMs: GOALS.storefront,
    distinct: true,
    paths: () => range(1, DISTINCT).map((page) => `/api/products?page=${page}&size=${SHOP_SIZE}`),
  },
  {
    name: "storefront: category page with facets",
    goalMs: GOALS.storefront,
    distinct: true,
    paths: () =>
      range(1, 3)
        .flatMap((page) =>
          CATEGORIES.map((c) => `/api/categories/slug/${c.slug}/products?page=${page}&size=${SHOP_SIZE}`),
        )
        .slice(0, DISTINCT),
  },
  {
    name: "storefront: search with a typo",
    goalMs: GOALS.storefront,
    distinct: true,
    paths: () =>
      WORDS.flatMap((word) => [0, 1].map((k) => typoOf(word, k)))
        .filter((typo, n, all) => all.indexOf(typo) === n)
        .slice(0, DISTINCT)
        .map((typo) => `/api/products?keyword=${typo}&page=1&size=${SHOP_SIZE}`),
  },
  {
    name: "storefront: keyword, filters and facets",
    goalMs: GOALS.storefront,
    distinct: true,
    paths: () =>
      KEYWORDS.flatMap((keyword) =>
        FILTERS.map((filter) => `/api/products?keyword=${keyword}&${filter}&page=1&size=${SHOP_SIZE}`),
      ).slice(0, DISTINCT),
  },
  {
    name: "storefront: product page",
    goalMs: GOALS.storefront,
    distinct: true,
    paths: (f) => f.productIds.map((id) => `/api/products/${id}`),
  },
  // The dashboard's products list is the storefront's route (sort=newest), read cache and all.
  {
    name: "dashboard: products, first pages (1-45)",
    goalMs: GOALS.dashboard,
    staff: true,
    distinct: true,
    paths: () => range(1, DISTINCT).map((page) => `/api/products?sort=newest&page=${page}&size=${SIZE}`),
  },
  {
    name: `dashboard: products, page ${DEEP_PAGE}+`,
    goalMs: GOALS.dashboard,
    staff: true,
    distinct: true,
    paths: () =>
      range(DEEP_PAGE, DISTINCT).map((page) => `/api/products?sort=newest&page=${page}&size=${SIZE}`),
  },
  {
    name: `dashboard: products, page ${DEEP_PAGE + 1}+ by cursor`,
    goalMs: GOALS.dashboard,
    staff: true,
    distinct: true,
    paths: (_, ask) =>
      byCursor(
        ask,
        (page) => `/api/products?sort=newest&page=${page}&size=${SIZE}`,
        range(DEEP_PAGE + DISTINCT, DISTINCT),
      ),
  },
  ...list("dashboard: orders", "/api/orders"),
  ...ORDER_STATUSES.map(
    (status): Read => ({
      name: `dashboard: orders, status ${status}`,
      goalMs: GOALS.dashboard,
      staff: true,
      paths: () => [`/api/orders/status/${status}?page=1&size=${SIZE}`],
    }),
  ),
  ...FULFILMENT_STATES.map((state) => orders(`fulfilment ${state}`, () => `fulfilment=${state}`)),
  ...PAYMENT_STATES.map((state) => orders(`payment ${state}`, () => `payment=${state}`)),
  orders("last 30 days", (f) => `from=${f.daysAgo(29)}&to=${f.today}`),
  orders("a month a year ago", (f) => `from=${f.daysAgo(395)}&to=${f.daysAgo(366)}`),
  orders(`keyword a surname (${LAST_NAMES[1]})`, () => `keyword=${LAST_NAMES[1]}`),
  orders("keyword an email", (f) => `keyword=${encodeURIComponent(f.email)}`),
  orders("keyword an order number", (f) => `keyword=${f.orderNumber}`),
  ...list("dashboard: customers", "/api/users/customers"),
  ...list("dashboard: inventory", "/api/inventory"),
  {
    name: "dashboard: inventory, low stock, first page",
    goalMs: GOALS.dashboard,
    staff: true,
    paths: () => [`/api/inventory?filter=low&page=1&size=${SIZE}`],
  },
  {
    name: "dashboard: inventory, out of stock, first page",
    goalMs: GOALS.dashboard,
    staff: true,
    paths: () => [`/api/inventory?filter=out&page=1&size=${SIZE}`],
  },
  ...list("dashboard: activity", "/api/activity"),
  {
    name: "dashboard: a customer's page",
    goalMs: GOALS.dashboard,
    staff: true,
    distinct: true,
    paths: (f) => f.customerIds.map((id) => `/api/users/${id}/summary`),
  },
  {
    name: "report: sales, 30 days",
    goalMs: GOALS.report30Days,
    staff: true,
    heavy: true,
    paths: (f) => [`/api/reports/sales?from=${f.daysAgo(29)}&to=${f.today}`],
  },
  {
    name: "report: sales, 12 months",
    goalMs: GOALS.report12Months,
    staff: true,
    heavy: true,
    paths: (f) => [`/api/reports/sales?from=${f.daysAgo(364)}&to=${f.today}`],
  },
  {
    name: "report: GST month (GSTR-1)",
    goalMs: GOALS.gstMonth,
    staff: true,
    heavy: true,
    paths: (f) => [`/api/reports/gst?month=${f.lastMonth}`],
  },
];

const DAY_MS = 86_400_000;

/** The products, customers and order the reads ask for, spread over the database's rows. */
export async function findFixtures(databaseUrl: string, today: string): Promise<Fixtures> {
  const handle: DatabaseHandle = await openDatabase({ databaseUrl, poolSize: 1, queryTimeoutMs: 120_000 });
  try {
    // Every k-th row in id order, so that the picks spread over the whole table (ids start with
    // their creation time) at the cost of one ordered index walk.
    const { rows: products } = await handle.db.execute<{ id: string }>(`
      select id from (
        select id, row_number() over (order by id) as n, count(*) over () as total
        from products where is_active
      ) p where n % greatest(1, total / ${DISTINCT}) = 0 limit ${DISTINCT}`);
    const { rows: customers } = await handle.db.execute<{ id: string; email: string }>(`
      select id, email from (
        select u.id, u.email, row_number() over (order by u.id) as n, count(*) over () as total
        from users u where u.role = 'customer' and exists (select 1 from orders o where o.user_id = u.id)
      ) c where n % greatest(1, total / ${DISTINCT}) = 0 limit ${DISTINCT}`);
    const { rows: middle } = await handle.db.execute<{ number: number }>(
      "select number from orders order by number offset (select count(*) / 2 from orders) limit 1",
    );
    const email = customers[0]?.email ?? benchShopperEmail(1);
    const day = Date.parse(`${today}T00:00:00Z`);
    const month = new Date(day);
    month.setUTCDate(1);
    month.setUTCMonth(month.getUTCMonth() - 1);
    return {
      productIds: products.map((row) => row.id),
      customerIds: customers.map((row) => row.id),
      email,
      orderNumber: middle[0]?.number ?? 1001,
      today,
      daysAgo: (days) => new Date(day - days * DAY_MS).toISOString().slice(0, 10),
      lastMonth: month.toISOString().slice(0, 7),
    };
  } finally {
    await handle.close();
  }
}

export interface Measured {
  /** Milliseconds of each measured request. */
  ms: number[];
  /** Answers other than 200, warm-ups included. */
  failures: number;
  /** The first failure's status and the start of its body. */
  firstFailure?: string;
  /** The slowest measured request. */
  slowest: { path: string; ms: number };
  /** A list's meta.total (and totalCapped) in its first answer of 200, when it has one. */
  /** False when the read has no path: a form the API does not offer (a cursor). */
  offered: boolean;
  total?: string;
}

/** A list answer's total as the API gives it: "1 000 000", or "10 000+" when capped. */
function totalOf(body: Buffer): string | undefined {
  try {
    const meta = (JSON.parse(body.toString("utf8")) as { meta?: { total?: number; totalCapped?: boolean } })
      .meta;
    if (typeof meta?.total !== "number") return undefined;
    return `${meta.total.toLocaleString("en-US").replaceAll(",", " ")}${meta.totalCapped ? "+" : ""}`;
  } catch {
    return undefined;
  }
}

/** Asks one read's requests one at a time on `connection`, within `maxMs`. */
export async function measureRead(
  connection: Connection,
  read: Read,
  fixtures: Fixtures,
  maxMs: number,
): Promise<Measured> {
  const until = performance.now() + maxMs;
  const paths = await read.paths(fixtures, (path) => connection.send("GET", path, { timeoutMs: 60_000 }));
  const { warmup, measured } = requestsOf(read);
  const at = (n: number) => (read.distinct ? paths[n] : paths[0]);
  const result: Measured = {
    ms: [],
    failures: 0,
    slowest: { path: paths[0] ?? "", ms: 0 },
    offered: paths.length > 0,
  };
  for (let n = 0; n < warmup + measured && performance.now() < until; n++) {
    const path = at(n);
    if (path === undefined) break;
    const sent = performance.now();
    const answer = await connection.send("GET", path, { timeoutMs: 60_000 });
    const took = performance.now() - sent;
    // Warm-ups that fail count too: a read that fails is not measured.
    if (answer.status !== 200) {
      result.failures++;
      result.firstFailure ??= `${answer.status} ${answer.body.toString("utf8").slice(0, 200)}`;
    } else result.total ??= totalOf(answer.body);
    if (n < warmup) continue;
    result.ms.push(took);
    if (took > result.slowest.ms) result.slowest = { path, ms: took };
  }
  return result;
}
