/**
 * The order-and-payment load of the durability tests, and the ledger checks made after the server
 * was killed in its middle: shoppers place orders (with an Idempotency-Key) and pay them through the
 * test gateway, each in a loop, and every 2xx answer is written down; whatever had no answer when
 * the server died is retried on the restarted server, as a client would.
 */
import { api } from "@shop/shared/messages";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "#api/db/client";
import { foldSoldCounts } from "#api/modules/products/repo-sold";
import { APPROVED_CARD, DECLINED_CARD, type SeededProduct, type Shopper } from "./fixtures";
import { type Answer, idOf, type ShopClient } from "./http";

interface OrderLine {
  product: string;
  quantity: number;
}

interface Placement {
  shopper: Shopper;
  lines: OrderLine[];
  key: string;
}

export interface LoadLedger {
  /** Orders answered 201 (or 200 to a retried key), by id. */
  orders: Set<string>;
  /** Completed payments answered 201: payment id → order id. */
  payments: Map<string, string>;
  /** Placements 409 for lack of stock. */
  outOfStock: number;
  /** Payments the test gateway declined (402), each followed by a good card. */
  declined: number;
  /** Placements and payments that had no answer when the server died. */
  unansweredPlacements: Placement[];
  unansweredPayments: { shopper: Shopper; order: string }[];
  /** Unanswered placements found committed on the retry (200 with the first order). */
  committedUnanswered: number;
  /**
   * Unanswered payments refused on the retry while the killed server's claim on the order holds (409,
   * "already under way"): no second charge until the claim lapses (decision 046).
   */
  claimedByKilled: number;
  /** Anything the checks did not expect (a 500, a network error before the kill). */
  unexpected: string[];
}

/** A small deterministic generator, so that every run asks for the same things. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

function show(answer: Answer) {
  return `${answer.status} ${JSON.stringify(answer.body)}`;
}

function placementBody(placement: Placement) {
  return { products: placement.lines, shippingAddress: placement.shopper.addressId };
}

function place(client: ShopClient, placement: Placement) {
  return client.post("/api/orders", placementBody(placement), {
    session: placement.shopper.session,
    headers: { "idempotency-key": placement.key },
  });
}

function pay(client: ShopClient, shopper: Shopper, order: string, card = APPROVED_CARD) {
  return client.post("/api/payments", { order, paymentGateway: "test", card }, { session: shopper.session });
}

export interface LoadOptions {
  shoppers: readonly Shopper[];
  products: readonly SeededProduct[];
  /** The server is killed once this many orders were acknowledged. */
  killAfterOrders: number;
  /** Kills the server (SIGKILL) and resolves once it is dead. */
  kill: () => Promise<void>;
}

/**
 * Runs every shopper's loop against the server until `killAfterOrders` orders were acknowledged,
 * kills the server from inside the load (requests are in flight at that moment), and returns what
 * was acknowledged and what was left without an answer.
 */
export async function loadUntilKilled(client: ShopClient, options: LoadOptions): Promise<LoadLedger> {
  const ledger: LoadLedger = {
    orders: new Set(),
    payments: new Map(),
    outOfStock: 0,
    declined: 0,
    unansweredPlacements: [],
    unansweredPayments: [],
    committedUnanswered: 0,
    claimedByKilled: 0,
    unexpected: [],
  };
  let killing: Promise<void> | undefined;
  const killOnce = () => {
    killing ??= options.kill();
  };
  // NOTE: a safety net only; the kill normally comes from the acknowledged orders.
  const deadline = setTimeout(killOnce, 60_000);

  const shopperLoop = async (shopper: Shopper, index: number) => {
    const next = generator(index * 7919 + 17);
    for (let round = 0; ; round++) {
      const lineCount = 1 + next(2);
      const lines: OrderLine[] = [];
      for (let n = 0; n < lineCount; n++) {
        const product = options.products[next(options.products.length)];
        if (product && !lines.some((line) => line.product === product.id)) {
          lines.push({ product: product.id, quantity: 1 + next(2) });
        }
      }
      const placement: Placement = { shopper, lines, key: `load-${index}-${round}` };
      let placed: Answer;
      try {
        placed = await place(client, placement);
      } catch (error) {
        if (killing) ledger.unansweredPlacements.push(placement);
        else ledger.unexpected.push(`placement failed before the kill: ${String(error)}`);
        return;
      }
      if (placed.status === 409) {
        ledger.outOfStock++;
        continue;
      }
      if (placed.status !== 201) {
        ledger.unexpected.push(`placement: ${show(placed)}`);
        return;
      }
      const order = idOf(placed);
      ledger.orders.add(order);
      if (ledger.orders.size >= options.killAfterOrders) killOnce();
      // One order in six stays unpaid (it keeps its stock while pending); one in five is declined first.
      const choice = next(30);
      if (choice < 5) continue;
      try {
        if (choice < 11) {
          const declined = await pay(client, shopper, order, DECLINED_CARD);
          if (declined.status !== 402) {
            ledger.unexpected.push(`declined card: ${show(declined)}`);
            return;
          }
          ledger.declined++;
        }
        const paid = await pay(client, shopper, order);
        if (paid.status !== 201) {
          ledger.unexpected.push(`payment: ${show(paid)}`);
          return;
        }
        ledger.payments.set(idOf(paid), order);
      } catch (error) {
        if (killing) ledger.unansweredPayments.push({ shopper, order });
        else ledger.unexpected.push(`payment failed before the kill: ${String(error)}`);
        return;
      }
    }
  };

  await Promise.all(options.shoppers.map((shopper, index) => shopperLoop(shopper, index)));
  clearTimeout(deadline);
  await killing;
  return ledger;
}

/**
 * Retries, on the restarted server, what had no answer: a placement with its Idempotency-Key (200 =
 * it had been committed, 201 = it had not, 409 = no stock left) and a payment (201, 409 when it had
 * been recorded, or 409 while the killed server's claim on the order holds).
 */
export async function retryUnanswered(client: ShopClient, ledger: LoadLedger): Promise<void> {
  for (const placement of ledger.unansweredPlacements) {
    const answer = await place(client, placement);
    if (answer.status === 200 || answer.status === 201) {
      ledger.orders.add(idOf(answer));
      if (answer.status === 200) ledger.committedUnanswered++;
    } else if (answer.status === 409) ledger.outOfStock++;
    else ledger.unexpected.push(`retried placement: ${show(answer)}`);
  }
  for (const { shopper, order } of ledger.unansweredPayments) {
    const answer = await pay(client, shopper, order);
    if (answer.status === 201) ledger.payments.set(idOf(answer), order);
    else if (answer.status === 409 && answer.body.message === api.paymentInProgress) ledger.claimedByKilled++;
    else if (answer.status !== 409 || answer.body.message !== api.alreadyPaid)
      ledger.unexpected.push(`retried payment: ${show(answer)}`);
  }
}

/** Places and pays one more order: the server serves again. */
export async function placeAndPay(client: ShopClient, shopper: Shopper, product: SeededProduct) {
  const placed = await client.post(
    "/api/orders",
    { products: [{ product: product.id, quantity: 1 }], shippingAddress: shopper.addressId },
    { session: shopper.session },
  );
  expect(placed.status, show(placed)).toBe(201);
  expect(placed.body).toMatchObject({ success: true, message: api.orderPlaced });
  const paid = await pay(client, shopper, idOf(placed));
  expect(paid.status, show(paid)).toBe(201);
  return { order: idOf(placed), payment: idOf(paid) };
}

type ProductLedgerRow = {
  id: string;
  stock: number;
  sold: number;
  held: number;
  paid: number;
};

/**
 * Checks the database against what the clients were told: every acknowledged order and payment
 * is there, stock plus units held by orders that are not cancelled is the starting stock of every
 * product, the best-seller count is the units of paid orders, no payment lacks its order, no
 * order has two completed payments, and an order is processing exactly when a completed payment
 * of its own is linked. Returns the number of products checked.
 */
export async function checkLedger(
  db: Database,
  ledger: LoadLedger,
  products: readonly SeededProduct[],
): Promise<number> {
  expect(ledger.unexpected).toEqual([]);

  const orderRows = await db.execute<{ id: string }>(sql`select id from orders`);
  const stored = new Set(orderRows.rows.map((row) => row.id.trim()));
  const lostOrders = [...ledger.orders].filter((id) => !stored.has(id));
  expect(lostOrders, "orders answered 2xx that the database does not have").toEqual([]);

  const paymentRows = await db.execute<{
    id: string;
    status: string;
    orderId: string;
    linked: string | null;
  }>(
    sql`select p.id, p.status, p.order_id as "orderId", o.payment_id as linked
        from payments p join orders o on o.id = p.order_id`,
  );
  const payments = new Map(paymentRows.rows.map((row) => [row.id.trim(), row]));
  for (const [paymentId, orderId] of ledger.payments) {
    const row = payments.get(paymentId);
    expect(row, `payment ${paymentId} answered 201 is missing`).toBeDefined();
    expect(row?.status).toBe("completed");
    expect(row?.orderId.trim()).toBe(orderId);
    expect(row?.linked?.trim(), `order ${orderId} does not link its payment`).toBe(paymentId);
  }

  const orphans = await db.execute<{ id: string }>(
    sql`select p.id from payments p left join orders o on o.id = p.order_id where o.id is null`,
  );
  expect(orphans.rows, "payments without their order").toEqual([]);

  const paidTwice = await db.execute<{ orderId: string }>(
    sql`select order_id as "orderId" from payments where status = 'completed' group by order_id having count(*) > 1`,
  );
  expect(paidTwice.rows, "orders with more than one completed payment").toEqual([]);

  const badlyLinked = await db.execute<{ id: string }>(
    sql`select o.id from orders o left join payments p on p.id = o.payment_id
        where (o.status = 'processing') is distinct from
              (p.id is not null and p.status = 'completed' and p.order_id = o.id)`,
  );
  expect(badlyLinked.rows, "orders whose status and linked payment disagree").toEqual([]);

  // NOTE: a cancelled order may keep a completed payment it does not link (captured as the hold
  // expired, to be refunded by staff); any other order links its completed payment.
  const unlinked = await db.execute<{ id: string }>(
    sql`select p.id from payments p join orders o on o.id = p.order_id
        where p.status = 'completed' and o.status <> 'cancelled' and o.payment_id is distinct from p.id`,
  );
  expect(unlinked.rows, "completed payments their order does not link").toEqual([]);

  const emptyOrders = await db.execute<{ id: string }>(
    sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
  );
  expect(emptyOrders.rows, "orders without lines").toEqual([]);

  // Units sold reach the products' counts at the next fold (modules/products/sold-counts.ts): fold now.
  await foldSoldCounts(db);
  const rows = await db.execute<ProductLedgerRow>(sql`
    select p.id, p.stock, p.sold_count as sold,
      coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                where i.product_id = p.id and o.status <> 'cancelled'), 0)::int as held,
      coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                where i.product_id = p.id and o.status = 'processing'), 0)::int as paid
    from products p`);
  const byId = new Map(rows.rows.map((row) => [row.id.trim(), row]));
  for (const product of products) {
    const row = byId.get(product.id);
    expect(row, `product ${product.name}`).toBeDefined();
    if (!row) continue;
    expect(row.stock, `${product.name}: stock never goes below zero`).toBeGreaterThanOrEqual(0);
    expect(row.stock + row.held, `${product.name}: stock + units in orders = starting stock`).toBe(
      product.stock,
    );
    expect(row.sold, `${product.name}: sold count = units of paid orders`).toBe(row.paid);
  }
  return products.length;
}
