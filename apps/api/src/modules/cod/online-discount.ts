/**
 * The owner's discount for paying online instead of cash on delivery (decision 037). It is a discount
 * on the goods, known before the supply and printed on the invoice, so it reduces their taxable value
 * (CGST Act, section 15(3)(a)): the order is priced again with it spread over the lines as a fixed
 * discount code is (the shares of its code kept), each line's GST worked out on what is left (a rate
 * by price chosen again for the piece's value), shipping and the COD fee as they were (taxed again at
 * the highest rate then when the order taxed its charges). The lines keep it within their
 * discount shares and the order keeps the amount (orders.online_discount), so the invoice, the credit
 * notes and the reports, which read the lines, tie without knowing of it.
 *
 * It is taken when an online payment starts (the provider is asked for the lower total), once, and
 * given back when the shopper chooses cash on delivery after all: the order is priced again without it.
 */
import { fromCents, type PricedInput, priceOrder, spreadCents, toCents } from "@shop/shared/pricing";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import { chargeColumns } from "#api/modules/orders/placement";
import {
  findLinesToPrice,
  type LineToPrice,
  type RepricedLine,
  type RepricedOrder,
  writeRepricedOrder,
} from "./repo";

/** What pricing an order again reads of it. */
export type OrderToPrice = Pick<
  Order,
  "onlineDiscount" | "shippingAmount" | "pricesIncludeTax" | "supplyType" | "codFee" | "chargesTaxed"
>;

/** The order priced again: its lines and amounts, as written. */
export interface Repriced {
  lines: RepricedLine[];
  order: RepricedOrder;
}

/** A line's total after its sale price, in cents: what the online discount is spread by. */
const lineTotal = (line: LineToPrice) => toCents(line.price) * line.quantity;

/**
 * The online discount's share of each line: spread by the lines' totals after their sale prices
 * (never changed by a discount), so that the shares of an amount are the same whenever worked out and
 * the code's own shares come back as the line's share less them.
 */
function onlineShares(cents: number, lines: readonly LineToPrice[]): number[] {
  if (cents <= 0) return lines.map(() => 0);
  return spreadCents(cents, lines.map(lineTotal));
}

/**
 * The order priced again with an online discount of `amount` (0: none), from its lines as the
 * placement priced them; null when the amount cannot be spread within what each line has left after
 * its code (a code that took almost all of a line), in which case none is given. An amount above the
 * goods' value is cut to it.
 */
export function priceWithOnlineDiscount(
  order: OrderToPrice,
  lines: readonly LineToPrice[],
  amount: number,
): Repriced | null {
  const taken = onlineShares(toCents(order.onlineDiscount), lines);
  const code = lines.map((line, i) => toCents(line.discountShare) - (taken[i] ?? 0));
  const left = lines.map((line, i) => lineTotal(line) - (code[i] ?? 0));
  const wanted = Math.min(
    toCents(amount),
    left.reduce((sum, value) => sum + value, 0),
  );
  const online = onlineShares(wanted, lines);
  if (online.some((share, i) => share > (left[i] ?? 0))) return null;
  const items: PricedInput[] = lines.map((line) => ({
    price: line.originalPrice,
    onSale: toCents(line.price) !== toCents(line.originalPrice),
    salePrice: line.price,
    quantity: line.quantity,
    taxRate: line.taxRate,
    taxSlabs: line.taxSlabs,
  }));
  const priced = priceOrder(items, {
    shares: code.map((share, i) => share + (online[i] ?? 0)),
    // NOTE: shipping stays what the order was charged: a discount after it never makes it free or due.
    shipping: { price: order.shippingAmount, freeAbove: null },
    taxes: {
      pricesIncludeTax: order.pricesIncludeTax,
      supply: order.supplyType,
      chargesTaxed: order.chargesTaxed,
    },
    codFee: order.codFee,
  });
  return {
    lines: lines.map((line, i) => {
      const tax = priced.lineTaxes[i];
      return {
        id: line.id,
        discountShare: priced.lines[i]?.discountShare ?? 0,
        taxRate: tax?.rate ?? line.taxRate,
        taxAmount: tax?.tax ?? 0,
        taxableValue: tax?.taxableValue ?? 0,
        cgst: tax?.cgst ?? 0,
        sgst: tax?.sgst ?? 0,
        igst: tax?.igst ?? 0,
        roundOff: priced.roundOffs[i] ?? 0,
      };
    }),
    order: {
      taxAmount: priced.taxPrice,
      totalAmount: priced.totalPrice,
      onlineDiscount: fromCents(wanted),
      ...chargeColumns(priced),
    },
  };
}

/**
 * The order's total with and without the discount of `amount`, as the pay page offers it, and the
 * charges' rate without it (the rate a COD fee is taxed at when the order taxes its charges).
 */
export async function onlineTotals(
  db: Database,
  order: Order,
  amount: number,
): Promise<{ withoutDiscount: number; withDiscount: number; chargesRate: number }> {
  if (order.onlineDiscount <= 0 && amount <= 0)
    return {
      withoutDiscount: order.totalAmount,
      withDiscount: order.totalAmount,
      chargesRate: order.shippingTaxRate,
    };
  const lines = await findLinesToPrice(db, order.id);
  const given = order.onlineDiscount > 0 ? priceWithOnlineDiscount(order, lines, 0)?.order : undefined;
  const without = given?.totalAmount ?? order.totalAmount;
  const discounted =
    order.onlineDiscount > 0
      ? order.totalAmount
      : (priceWithOnlineDiscount(order, lines, amount)?.order.totalAmount ?? order.totalAmount);
  return {
    withoutDiscount: without,
    withDiscount: discounted,
    chargesRate: given?.shippingTaxRate ?? order.shippingTaxRate,
  };
}

/**
 * Takes the online discount off an order whose row the caller holds, once: an order that has it
 * already is answered as it is. Answers the order as it is now to be paid.
 */
export async function takeOnlineDiscount(tx: Database, order: Order, amount: number): Promise<Order> {
  if (order.onlineDiscount > 0 || amount <= 0) return order;
  const repriced = priceWithOnlineDiscount(order, await findLinesToPrice(tx, order.id), amount);
  if (!repriced || repriced.order.onlineDiscount <= 0) return order;
  await writeRepricedOrder(tx, order.id, repriced.lines, repriced.order);
  return { ...order, ...repriced.order };
}

/** Gives an order's online discount back (cash on delivery chosen after an online attempt), under its lock. */
export async function giveOnlineDiscountBack(tx: Database, order: Order): Promise<Order> {
  if (order.onlineDiscount <= 0) return order;
  const repriced = priceWithOnlineDiscount(order, await findLinesToPrice(tx, order.id), 0);
  if (!repriced) throw new Error("an order's online discount could not be given back");
  await writeRepricedOrder(tx, order.id, repriced.lines, repriced.order);
  return { ...order, ...repriced.order };
}
