/**
 * The pay page's options for one of the shopper's orders, as the server decides them (decision 037):
 * whether cash on delivery is offered, or the reason it is not, what paying online saves, and the
 * shopper's store credit with what is left to pay after it (decision 042). The same
 * rule (modules/cod/rules.ts) and pricing (modules/cod/online-discount.ts) as the choice and the payment themselves.
 */
import { api, storeCreditApi } from "@shop/shared/messages";
import { isPayable } from "@shop/shared/orders";
import { chargeTotalCents, fromCents, priceCharge, toCents } from "@shop/shared/pricing";
import type { PaymentOptionsDto } from "@shop/shared/schemas/payment";
import { afterCreditCents, creditToApplyCents } from "@shop/shared/tenders";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { onlineTotals } from "#api/modules/cod/online-discount";
import { type CodTerms, codFactsOf, codRefusal } from "#api/modules/cod/rules";
import { findOrderRow } from "#api/modules/orders/service";
import { balanceCents } from "#api/modules/store-credit/service";
import type { Payer } from "./service";

/**
 * What the caller may pay their order with: 404 for an order not theirs. An order no longer payable
 * is offered nothing (its page shows its payment instead). Cash on delivery's total is the order's
 * without an online discount taken by an earlier attempt (choosing it gives that back), fee included
 * (with its GST when the order taxes its charges and prices exclude GST: decision 047).
 */
export async function paymentOptionsOf(
  db: Database,
  terms: CodTerms,
  payer: Payer,
  orderId: string,
): Promise<PaymentOptionsDto> {
  const order = await findOrderRow(db, orderId);
  if (!order || order.userId !== payer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
  const { cod } = terms;
  const payable = isPayable({ status: order.status, payment: order.paymentId });
  const askCod = payable && cod.enabled;
  const facts = askCod ? await codFactsOf(db, terms, order) : null;
  const totals =
    payable && (order.onlineDiscount > 0 || cod.onlineDiscount > 0)
      ? await onlineTotals(db, order, cod.onlineDiscount)
      : {
          withoutDiscount: order.totalAmount,
          withDiscount: order.totalAmount,
          chargesRate: order.shippingTaxRate,
        };
  // The fee as choosing it prices it: outside GST, or taxed as shipping when the order taxes its charges.
  const fee = priceCharge(cod.fee, totals.chargesRate, {
    pricesIncludeTax: order.pricesIncludeTax,
    supply: order.supplyType,
    chargesTaxed: order.chargesTaxed,
  });
  // Credit applied pays part online already: cash on delivery is offered once it is taken off.
  const withCredit = order.storeCreditUsed > 0 ? { message: storeCreditApi.codWithCredit } : null;
  const refusal = facts
    ? (withCredit ?? codRefusal(cod, facts, { ...order, totalAmount: totals.withoutDiscount }, terms.locale))
    : null;
  const offered = askCod && refusal === null;
  const balance = await balanceCents(db, payer.id);
  // The discount rewards paying online where cash on delivery is offered; one taken already stays.
  const online = order.onlineDiscount > 0 || offered ? totals.withDiscount : totals.withoutDiscount;
  const due = payable ? afterCreditCents(online, order.storeCreditUsed) : 0;
  return {
    cod: {
      offered,
      reason: refusal?.message ?? null,
      fee: cod.fee,
      total: fromCents(toCents(totals.withoutDiscount) + chargeTotalCents(fee, order.pricesIncludeTax)),
    },
    online: {
      saving: fromCents(toCents(totals.withoutDiscount) - toCents(online)),
      total: online,
    },
    storeCredit: {
      balance: fromCents(balance),
      applied: order.storeCreditUsed,
      due: fromCents(due),
      applicable: fromCents(creditToApplyCents(balance, due, order.currency)),
    },
  };
}
