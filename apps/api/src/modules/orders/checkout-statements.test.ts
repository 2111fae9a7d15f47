/**
 * The checkout's statement budget (docs/decisions/018-checkout-statements.md): a placement is the
 * shopper's lock, one read and one write inside its transaction; a payment is the order's read and
 * one statement. BEGIN and COMMIT are left out of the count: PGlite runs transactions itself.
 */
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders } from "#api/db/schema/orders";
import { mailContextOf } from "#api/modules/email/service";
import { financialYearOf, formatDocumentNumber } from "#api/modules/invoices/service";
import { testGatewayProviders } from "#api/payments/test-gateway";
import { createTestApp, shopperWithAddress, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { type LoggedStatement, loggingDatabase } from "#test/db";
import { APPROVED_CARD } from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";
import { replacePincodes } from "../delivery/repo";
import { payOrder } from "../payments/service";
import { placeOrder } from "./placement";
import { lockShopperWithAddress } from "./repo-placement";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const quiet = {
  level: "silent",
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quiet,
};

/** The statements that are not a transaction's BEGIN, COMMIT or ROLLBACK. */
function work(statements: readonly LoggedStatement[]): string[] {
  return statements.map((s) => s.sql).filter((sql) => !/^\s*(begin|commit|rollback)\b/i.test(sql));
}

describe("the checkout's statements", () => {
  it("places an order with three statements and pays it with two", async () => {
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const product = await makeProduct(t.database, { category: category.id, thumbnail: media.id });
    const shopper = await shopperWithAddress(t);
    const addressId = shopper.addressId;
    const mail = mailContextOf(t.config);

    const placing = loggingDatabase(t.database);
    const { order, created } = await placeOrder(
      placing.db,
      shopper.user,
      { products: [{ product: product._id, quantity: 2 }], shippingAddress: addressId },
      { idempotencyKey: "checkout-statements-1", mail },
    );
    expect(created).toBe(true);
    expect(work(placing.statements)).toHaveLength(3);

    const paying = loggingDatabase(t.database);
    const { payment } = await payOrder(
      paying.db,
      testGatewayProviders(),
      shopper.user,
      { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
      quiet,
      mail,
    );
    expect(payment.status).toBe("completed");
    expect(work(paying.statements)).toHaveLength(2);

    // What those statements wrote: the order paid with its invoice number, and its history.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: "processing", paymentId: payment._id });
    // The statement writes the number as formatInvoiceNumber does: the year of the payment, six digits.
    const sequence = Number(row?.invoiceNumber?.split("/").pop());
    expect(row?.invoiceNumber).toBe(formatDocumentNumber("invoice", financialYearOf(new Date()), sequence));
    const history = await t.database.db
      .select({ type: orderEvents.type })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order._id))
      .orderBy(asc(orderEvents.at));
    expect(history.map((event) => event.type)).toEqual(["placed", "paid"]);
  });

  it("places an order with one statement more, the PIN code's look-up, while a method serves a PIN code list", async () => {
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const product = await makeProduct(t.database, { category: category.id, thumbnail: media.id });
    const shopper = await shopperWithAddress(t);
    const local = {
      ...STANDARD_SHIPPING,
      _id: "c4c4c4c4c4c4c4c4c4c4c4c4",
      name: "Local",
      price: 20,
      serves: "pincodes" as const,
    };
    await replacePincodes(t.database.db, local._id, [{ pincode: "400002", days: 1, cod: true }]);
    const placing = loggingDatabase(t.database);
    const { order } = await placeOrder(
      placing.db,
      shopper.user,
      { products: [{ product: product._id, quantity: 1 }], shippingAddress: shopper.addressId },
      { mail: mailContextOf(t.config), shipping: [STANDARD_SHIPPING, local] },
    );
    expect(order.shippingMethod).toMatchObject({ name: "Local", price: 20 });
    expect(work(placing.statements)).toHaveLength(4);
  });

  // NOTE: PostgreSQL may run a named statement with a plan for any value, once five runs showed it
  // no dearer (db/prepared.ts): the placement's read must then count the shopper's unpaid orders
  // through their own index, not through the sweep's index of every unpaid order of the shop.
  it.runIf(process.env.TEST_DB_KIND === "postgres")(
    "reads a placement through the shopper's index of unpaid orders with a plan for any value",
    async () => {
      const category = await makeCategory(t.database);
      const media = await makeMedia(t.database);
      const product = await makeProduct(t.database, { category: category.id, thumbnail: media.id });
      const shopper = await shopperWithAddress(t);
      const placing = loggingDatabase(t.database);
      await placeOrder(
        placing.db,
        shopper.user,
        { products: [{ product: product._id, quantity: 1 }], shippingAddress: shopper.addressId },
        { idempotencyKey: "checkout-statements-plan", mail: mailContextOf(t.config) },
      );
      const read = placing.statements.find((s) => /for update of "product_variants"/.test(s.sql));
      if (!read) throw new Error("the placement's read was not logged");
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare placement_read_plan as ${read.sql}`));
        const user = `'${shopper.user.id}'`;
        const { rows } = await tx.execute<{ "QUERY PLAN": string }>(
          sql.raw(`explain execute placement_read_plan(${user}, ${user}, null, '{${product._id}}')`),
        );
        await tx.execute(sql`deallocate placement_read_plan`);
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).toMatch(/orders_user_unpaid_idx/);
      expect(plan).not.toMatch(/orders_pending_created_at_idx/);
    },
  );
  // NOTE: a payment's foreign key shares its shopper's row; taken at the statement's end, after the
  // products, it waited for the shopper's next placement, which held that row and waited for one of
  // those products: PostgreSQL ended one of the two as a deadlock. The payment now shares the row first.
  it.runIf(process.env.TEST_DB_KIND === "postgres")(
    "pays an order while its shopper's next placement is under way, neither ended as a deadlock",
    async () => {
      const category = await makeCategory(t.database);
      const media = await makeMedia(t.database);
      const product = await makeProduct(t.database, { category: category.id, thumbnail: media.id });
      const shopper = await shopperWithAddress(t);
      const mail = mailContextOf(t.config);
      const { order } = await placeOrder(
        t.database.db,
        shopper.user,
        { products: [{ product: product._id, quantity: 1 }], shippingAddress: shopper.addressId },
        { mail },
      );
      let paying: ReturnType<typeof payOrder> | undefined;
      await t.database.db.transaction(async (tx) => {
        // The next placement holds the shopper's row (its first statement)...
        await lockShopperWithAddress(tx, { id: shopper.user.id, name: "Next order" }, shopper.addressId);
        // ...while the first order is paid on another connection, which must wait...
        paying = payOrder(
          t.database.db,
          testGatewayProviders(),
          shopper.user,
          { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
          quiet,
          mail,
        );
        await untilAStatementWaitsForALock();
        // ...and the placement takes the product's row, as its write's stock trigger does.
        await tx.execute(sql`select id from products where id = ${product._id} for update`);
      });
      const paid = await paying;
      expect(paid?.payment.status).toBe("completed");
    },
  );

  // NOTE: every payment queues on the invoice series' counter, so a payment must not wait for
  // anything another writer may hold long: its products' rows (a placement's stock trigger holds
  // them until that placement commits) are neither locked nor written by it (units sold go to
  // product_sales, folded later).
  it.runIf(process.env.TEST_DB_KIND === "postgres")(
    "never waits for its products' rows: a payment goes through while another writer holds its product",
    async () => {
      const category = await makeCategory(t.database);
      const media = await makeMedia(t.database);
      const held = await makeProduct(t.database, { category: category.id, thumbnail: media.id });
      const mail = mailContextOf(t.config);
      const shopper = await shopperWithAddress(t);
      const { order } = await placeOrder(
        t.database.db,
        shopper.user,
        { products: [{ product: held._id, quantity: 1 }], shippingAddress: shopper.addressId },
        { mail },
      );
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from products where id = ${held._id} for update`);
        const paid = await Promise.race([
          payOrder(
            t.database.db,
            testGatewayProviders(),
            shopper.user,
            { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
            quiet,
            mail,
          ).then(() => "paid" as const),
          new Promise<"held up">((resolve) => setTimeout(() => resolve("held up"), 3_000)),
        ]);
        expect(paid).toBe("paid");
      });
      const [row] = await t.database.db
        .select({ invoiceNumber: orders.invoiceNumber })
        .from(orders)
        .where(sql`${orders.id} = ${order._id}`);
      expect(row?.invoiceNumber).toMatch(/^INV\d{4}\//);
      const units = await t.database.db.execute<{ quantity: number }>(
        sql`select quantity from product_sales where product_id = ${held._id}`,
      );
      expect(units.rows.map((r) => r.quantity)).toEqual([1]);
    },
  );

  // NOTE: the payment's statement takes its locks in the order each step reads the one before
  // (repo-paid.ts): the order's row, its shopper's, then the invoice series' counter. Held up at the
  // counter, it already holds the other two.
  it.runIf(process.env.TEST_DB_KIND === "postgres")(
    "holds the order's row and shares its shopper's before it waits for the invoice series' counter",
    async () => {
      const category = await makeCategory(t.database);
      const media = await makeMedia(t.database);
      const product = await makeProduct(t.database, { category: category.id, thumbnail: media.id });
      const shopper = await shopperWithAddress(t);
      const mail = mailContextOf(t.config);
      const pay = (orderId: string) =>
        payOrder(
          t.database.db,
          testGatewayProviders(),
          shopper.user,
          { order: orderId, paymentGateway: "test", card: APPROVED_CARD },
          quiet,
          mail,
        );
      const place = async (key: string) =>
        (
          await placeOrder(
            t.database.db,
            shopper.user,
            { products: [{ product: product._id, quantity: 1 }], shippingAddress: shopper.addressId },
            { idempotencyKey: key, mail },
          )
        ).order._id;
      // A first payment makes sure the year's counter has its row.
      await pay(await place("checkout-statements-counter-1"));
      const orderId = await place("checkout-statements-counter-2");
      let paying: ReturnType<typeof payOrder> | undefined;
      await t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select last from document_counters where kind = 'invoice' and financial_year = ${financialYearOf(new Date())} for update`,
        );
        paying = pay(orderId);
        await untilAStatementWaitsForALock();
        expect(await sqlStateOf(sql`select id from orders where id = ${orderId} for update nowait`)).toBe(
          LOCK_NOT_AVAILABLE,
        );
        expect(
          await sqlStateOf(sql`select id from users where id = ${shopper.user.id} for update nowait`),
        ).toBe(LOCK_NOT_AVAILABLE);
      });
      const paid = await paying;
      expect(paid?.payment.status).toBe("completed");
    },
  );
});

const LOCK_NOT_AVAILABLE = "55P03";

/** The SQLSTATE a statement fails with on a connection of its own, or undefined when it succeeds. */
async function sqlStateOf(query: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await t.database.db.execute(query);
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === "string") return code;
    }
    throw error;
  }
  return undefined;
}

/** Resolves once another connection's statement waits for a row lock (fails after 5 s). */
async function untilAStatementWaitsForALock() {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const { rows } = await t.database.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the payment never waited for the shopper's row");
}

itKeepsPaymentStates(() => t);
