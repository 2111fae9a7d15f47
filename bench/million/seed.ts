/**
 * The million's shop, seeded set-based by the bench's own code: the catalogue of seed.ts (a million
 * active products, their variants, 200 000 customers, reviews, the search vocabulary), a million paid
 * orders spread over two years as lib/paid-order-history.ts writes the reports part's 100 000 (lines,
 * payments, invoices, one in twenty refunded with a credit note, the sales ledger), and around them
 * what a shop of that age holds: the orders' statuses by age, parcels for the last 90 days' orders,
 * 1% unpaid orders (pending, or cancelled after a failed payment), the stock movements of the last 90
 * days' orders, and 200 000 rows of staff activity. `scale` shrinks every count alike (0.01: 10k
 * products, 10k orders, 2k customers).
 *
 * A database whose seed finished carries a comment naming what it holds (COMMENT ON DATABASE, no
 * table of the shop's): --reuse takes it only when the comment is the one this seed would write.
 */
import { performance } from "node:perf_hooks";
import { type DatabaseHandle, openDatabase } from "../../apps/api/src/db/client";
import { addPaidOrders, LEDGER_LANES } from "../lib/paid-order-history";
import { benchDatabaseName, integer, literal, maintenanceUrl } from "../lib/sql-text";
import { BENCH_ADMIN_EMAIL, seedCatalog, type VariantCount } from "../seed";

/** The shop at scale 1. */
const FULL = { products: 1_000_000, customers: 200_000, orders: 1_000_000, activity: 200_000 };
/** The orders are placed over this many days before now. */
export const HISTORY_DAYS = 730;
/** Orders of these last days have parcels and stock movements. */
const RECENT_DAYS = 90;
/** Unpaid orders (pending, or cancelled after a failed payment) beside the paid ones, per paid order. */
const UNPAID_SHARE = 0.01;
/** A bulk statement at a million rows may take many minutes on a busy 2-core machine. */
const STATEMENT_TIMEOUT_MS = 30 * 60_000;

export interface MillionCounts {
  products: number;
  customers: number;
  /** Paid orders. */
  orders: number;
  unpaid: number;
  activity: number;
  variants: VariantCount;
}

export function countsAt(scale: number, variants: VariantCount): MillionCounts {
  const at = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    products: at(FULL.products),
    customers: Math.max(50, at(FULL.customers)),
    orders: at(FULL.orders),
    unpaid: at(FULL.orders * UNPAID_SHARE),
    activity: at(FULL.activity),
    variants,
  };
}

/** "1m", "10k", "100": the size of a shop in a database name and a figure. */
export function countLabel(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}m`;
  if (n >= 1_000 && n % 1_000 === 0) return `${n / 1_000}k`;
  return String(n);
}

/** What a finished seed writes as its database's comment. */
function seedComment(counts: MillionCounts): string {
  return `bench million: ${counts.products} products x ${counts.variants} variants, ${counts.customers} customers, ${counts.orders} paid + ${counts.unpaid} unpaid orders over ${HISTORY_DAYS} days, ${counts.activity} activity rows`;
}

/** Whether the database is one this seed finished with these counts (for --reuse). */
export async function seededAlready(databaseUrl: string, counts: MillionCounts): Promise<boolean> {
  const admin = await openDatabase({
    databaseUrl: maintenanceUrl(databaseUrl),
    poolSize: 1,
    onPoolError: () => undefined,
  });
  try {
    const { rows } = await admin.db.execute<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = ${literal(benchDatabaseName(databaseUrl))}`,
    );
    return rows[0]?.comment === seedComment(counts);
  } finally {
    await admin.close();
  }
}

export interface SeedStep {
  step: string;
  seconds: number;
}

/**
 * Creates the database afresh and fills it; tells each step's time as it ends (the catalogue's steps
 * prefixed "catalogue:", the orders' "orders:"); returns the wall time in seconds.
 */
export async function seedMillion(
  databaseUrl: string,
  counts: MillionCounts,
  onStep: (step: SeedStep) => void,
): Promise<number> {
  const started = performance.now();
  await seedCatalog(databaseUrl, {
    products: counts.products,
    users: counts.customers,
    variants: counts.variants,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    onStep: (step, seconds) => onStep({ step: `catalogue: ${step}`, seconds }),
  });
  const handle = await openDatabase({
    databaseUrl,
    poolSize: LEDGER_LANES,
    queryTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  try {
    const added = await addPaidOrders(handle.db, {
      orders: counts.orders,
      historyDays: HISTORY_DAYS,
      status: ORDER_STATUS,
      onStep: (step, seconds) => onStep({ step: `orders: ${step}`, seconds }),
      within: async (step) => {
        await addUnpaidOrders(step, counts.unpaid);
        await addShipments(step);
        await addStockMovements(step);
        await addActivity(step, counts.activity);
      },
    });
    if (!added) throw new Error("a fresh database already had the bench's orders");
    const timed = async (step: string, statement: string) => {
      const began = performance.now();
      await handle.db.execute(statement);
      onStep({ step, seconds: (performance.now() - began) / 1000 });
    };
    // The catalogue's tables and the orders, ledger and ledger lines were vacuumed by their seeds.
    await timed(
      "vacuum analyze the rest",
      "vacuum (analyze) order_items, payments, refunds, refund_lines, order_shipments, order_shipment_lines, stock_movements, activity",
    );
    await timed("orders' parcel state checked", PARCEL_STATE_CHECKED);
    await markSeeded(handle, databaseUrl, counts);
  } finally {
    await handle.close();
  }
  return (performance.now() - started) / 1000;
}

async function markSeeded(handle: DatabaseHandle, databaseUrl: string, counts: MillionCounts) {
  const name = benchDatabaseName(databaseUrl);
  await handle.db.execute(`comment on database "${name}" is ${literal(seedComment(counts))}`);
}

/**
 * A paid order's status by its age: processing for two days, shipped until its seventh, delivered
 * after; one in fifty of the last 90 days' orders of two or three lines stays processing with its
 * first line shipped (partly shipped).
 */
const ORDER_STATUS = `case
  when o.at > now() - interval '2 days' then 'processing'
  when ${partlyShipped("o")} then 'processing'
  when o.at > now() - interval '7 days' then 'shipped'
  else 'delivered' end`;

function partlyShipped(order: string): string {
  return `(${order}.i % 50 = 0 and ${order}.i % 3 <> 0 and ${order}.at > now() - interval '${RECENT_DAYS} days')`;
}

type Step = (name: string, statement: string) => Promise<void>;

/** An id in the API's layout for a counter: 8 hex digits of now's seconds, a marker, 6 of the counter. */
function idOf(marker: string, counter: string): string {
  return `(lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || '${marker}' || lpad(to_hex(${counter}), 6, '0'))::char(24)`;
}

/**
 * Unpaid orders of one line each: every other one pending (placed in the last two days, its payment
 * not begun), the others cancelled at any time in the two years after a failed payment. Not in the
 * ledger: nothing was invoiced.
 */
async function addUnpaidOrders(step: Step, count: number) {
  if (count === 0) return;
  await step(
    "unpaid orders drawn",
    `
    create temporary table unpaid_order on commit drop as
    select g.j, ${idOf("be0c0de0b1", "g.j")} as id, ${idOf("be0c0de0b2", "g.j")} as item_id,
      ${idOf("be0c0de0b3", "g.j")} as payment_id, u.id as user_id, v.id as variant_id, v.product_id, v.sku,
      v.price, g.j % 2 = 0 as pending,
      case when g.j % 2 = 0 then now() - make_interval(secs => (hashint4(g.j) & 2147483647) % (2 * 86400))
        else now() - make_interval(secs => (hashint4(g.j) & 2147483647) % (${integer(HISTORY_DAYS)} * 86400)) end as at
    from generate_series(1, ${integer(count)}) as g(j)
    cross join (select count(*) as n from report_user) as cu
    cross join (select count(*) as n from report_variant) as cv
    join report_user u on u.rn = 1 + (hashint4(g.j * 3) & 2147483647) % cu.n
    join report_variant v on v.rn = 1 + (hashint4(g.j * 5) & 2147483647) % cv.n`,
  );
  // Within the store's state: CGST and SGST, each half of 18% of the line's value, rounded.
  await step(
    "unpaid orders",
    `
    insert into orders (id, user_id, status, payment_state, sub_total, shipping_amount, tax_amount, total_amount,
      shipping_tax_rate, supply_type, place_of_supply, shipping_address, created_at, updated_at)
    select u.id, u.user_id, case when u.pending then 'pending' else 'cancelled' end,
      case when u.pending then 'none' else 'failed' end, u.price,
      case when u.price >= 100 then 0 else 10 end, 2 * round(u.price * 0.09, 2),
      u.price + case when u.price >= 100 then 0 else 10 end + 2 * round(u.price * 0.09, 2), 18,
      'intra-state', '27',
      jsonb_build_object('name', jsonb_build_object('firstName', 'Bench', 'lastName', 'Shopper'),
        'countryCode', '91', 'phoneNumber', '9876543210', 'building', '1', 'street', 'MG Road',
        'city', 'City', 'state', 'Maharashtra', 'pinCode', '560001', 'country', 'India'),
      u.at, u.at
    from unpaid_order u`,
  );
  await step(
    "unpaid orders' lines",
    `
    insert into order_items (id, order_id, product_id, variant_id, variant_sku, name, price, original_price,
      quantity, tax_rate, tax_amount, taxable_value, cgst, sgst, igst)
    select u.item_id, u.id, u.product_id, u.variant_id, u.sku, p.name, u.price, u.price, 1, 18,
      2 * round(u.price * 0.09, 2), u.price, round(u.price * 0.09, 2), round(u.price * 0.09, 2), 0
    from unpaid_order u join products p on p.id = u.product_id`,
  );
  await step(
    "failed payments",
    `
    insert into payments (id, user_id, order_id, status, transaction_id, amount, payment_gateway, created_at)
    select u.payment_id, u.user_id, u.id, 'failed', 'bench-failed-' || u.j, o.total_amount, 'test', u.at
    from unpaid_order u join orders o on o.id = u.id
    where not u.pending`,
  );
}

/**
 * A parcel for each of the last 90 days' orders that left the store: all its lines, delivered three
 * days after the order when it is delivered; the first line alone of a partly shipped one.
 */
async function addShipments(step: Step) {
  await step(
    "parcels drawn",
    `
    create temporary table recent_parcel on commit drop as
    select o.i, o.id as order_id, ${idOf("be0c0de0b4", "o.i")} as id, x.status,
      o.at + interval '1 day' as shipped_at,
      case when x.status = 'delivered' then o.at + interval '3 days' end as delivered_at
    from report_order o join orders x on x.id = o.id
    where o.at > now() - interval '${RECENT_DAYS} days'
      and (x.status in ('shipped', 'delivered') or ${partlyShipped("o")})`,
  );
  await step(
    "parcels",
    `
    insert into order_shipments (id, order_id, carrier, tracking_number, tracking_url, shipped_at, delivered_at)
    select r.id, r.order_id, 'Delhivery', 'BENCH' || lpad(r.i::text, 9, '0'),
      'https://www.delhivery.com/track/package/BENCH' || lpad(r.i::text, 9, '0'), r.shipped_at, r.delivered_at
    from recent_parcel r`,
  );
  // NOTE: the trigger that keeps each order's parcel state (migration 0057) is off while the lines
  // load in one statement, and the states written in one statement afterwards.
  await step(
    "parcel state trigger off",
    `alter table order_shipment_lines disable trigger ${PARCEL_STATE_TRIGGER}`,
  );
  await step(
    "parcel lines",
    `
    insert into order_shipment_lines (shipment_id, item_id, quantity)
    select r.id, l.id, l.quantity
    from recent_parcel r join report_line l on l.order_id = r.order_id
    where r.status in ('shipped', 'delivered') or l.k = 1`,
  );
  // NOTE: set from what was drawn (every line of a shipped or delivered order in its parcel, the first
  // of a partly shipped one's), and checked against the function the trigger calls once the indexes
  // are back (PARCEL_STATE_CHECKED): called for each of 120 000 orders here, it took minutes.
  await step(
    "orders' parcel state",
    `update orders o set parcel_state = case when r.status in ('shipped', 'delivered') then r.status
       else 'partially_shipped' end
     from recent_parcel r where o.id = r.order_id`,
  );
  await step(
    "parcel state trigger on",
    `alter table order_shipment_lines enable always trigger ${PARCEL_STATE_TRIGGER}`,
  );
}

/** Whether the parcel state of a sample of the orders in parcels is the one their parcels give. */
const PARCEL_STATE_CHECKED = `do $$ begin
  if exists (select 1 from order_shipments s join orders o on o.id = s.order_id
             where hashtext(s.id) % 97 = 0 and o.parcel_state is distinct from order_parcel_state(o.id)) then
    raise exception 'an order''s parcel state differs from its parcels';
  end if;
end $$`;

/** The trigger on parcel lines that keeps their order's parcel state (migration 0057). */
const PARCEL_STATE_TRIGGER = "order_shipment_lines_parcel_state";

/** The stock each of the last 90 days' order lines took, as the placement's trigger logs it. */
async function addStockMovements(step: Step) {
  await step(
    "stock movements",
    `
    insert into stock_movements (variant_id, product_id, change, stock_after, cause, order_id, at)
    select l.variant_id, l.product_id, -l.quantity, v.stock, 'placement', o.id, o.at
    from report_order o
    join report_line l on l.order_id = o.id
    join product_variants v on v.id = l.variant_id
    where o.at > now() - interval '${RECENT_DAYS} days'
    order by o.at`,
  );
}

/**
 * The bench admin's writes over the two years, six kinds by turns: an order's status changed, a
 * parcel recorded, a note on an order, a product's price changed, a variant's stock adjusted, a note
 * on a customer; each with the fields it changed.
 */
async function addActivity(step: Step, count: number) {
  await step(
    "activity",
    `
    insert into activity (id, at, actor_id, actor_name, actor_email, kind, subject_type, subject_id,
      subject_label, before, after)
    select ${idOf("be0c0de0b5", "g.n")},
      now() - make_interval(secs => (hashint4(g.n * 7) & 2147483647) % (${integer(HISTORY_DAYS)} * 86400)),
      a.id, 'Bench Admin', a.email,
      (array['order.status_changed', 'shipment.created', 'order.note_added', 'product.updated',
        'stock.adjusted', 'customer.note_added'])[1 + g.n % 6],
      (array['order', 'order', 'order', 'product', 'variant', 'user'])[1 + g.n % 6],
      case g.n % 6 when 3 then v.product_id when 4 then v.id when 5 then u.id else o.id end,
      case g.n % 6 when 3 then 'Product ' || v.product_id when 4 then v.sku when 5 then 'Customer ' || u.rn
        else '#' || x.number end,
      case g.n % 6 when 0 then '{"status": "processing"}' when 3 then jsonb_build_object('price', v.price)
        when 4 then '{"stock": 5}' else '{}' end::jsonb,
      case g.n % 6 when 0 then '{"status": "shipped"}' when 1 then '{"carrier": "Delhivery"}'
        when 3 then jsonb_build_object('price', v.price + 1) when 4 then '{"stock": 25}'
        else '{"note": "Called about the delivery"}' end::jsonb
    from generate_series(1, ${integer(count)}) as g(n)
    cross join (select id, email from users where email = ${literal(BENCH_ADMIN_EMAIL)}) as a
    cross join (select count(*) as orders from report_order) as co
    cross join (select count(*) as n from report_variant) as cv
    cross join (select count(*) as n from report_user) as cu
    join report_order o on o.i = 1 + (hashint4(g.n * 11) & 2147483647) % co.orders
    join orders x on x.id = o.id
    join report_variant v on v.rn = 1 + (hashint4(g.n * 13) & 2147483647) % cv.n
    join report_user u on u.rn = 1 + (hashint4(g.n * 17) & 2147483647) % cu.n`,
  );
}
