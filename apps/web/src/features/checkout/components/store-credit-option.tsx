import { WalletIcon } from "@heroicons/react/24/outline";
import { storeCreditPay } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { PaymentOptionsDto } from "@shop/shared/schemas/payment";
import { Button } from "#web/components/button";
import { formatPrice } from "#web/lib/money";
import { useStoreCreditAction } from "../api/store-credit";

/**
 * The pay page's store credit (decision 042), shown when the shopper has some or the order uses some:
 * credit that covers what is left pays it in one step; less is applied to part of it, the rest then
 * paid by the options below ("Store credit −₹X", "To pay ₹Y"), and can be taken off again.
 */
export function StoreCreditOption({ order, options }: { order: OrderDto; options: PaymentOptionsDto }) {
  const pay = useStoreCreditAction("pay");
  const apply = useStoreCreditAction("apply");
  const remove = useStoreCreditAction("remove");
  const { balance, applied, due, applicable } = options.storeCredit;
  const money = (amount: number) => formatPrice(amount, order.currency);
  const busy = pay.isPending || apply.isPending || remove.isPending;
  if (balance <= 0 && applied <= 0) return null;
  return (
    <section
      aria-labelledby="store-credit-heading"
      className="rounded-card border border-neutral-200 bg-white p-4 sm:p-5"
    >
      <h3
        id="store-credit-heading"
        className="flex items-center gap-2 text-base font-semibold text-neutral-900"
      >
        <WalletIcon className="size-5 text-neutral-500" aria-hidden="true" />
        {applied > 0 ? storeCreditPay.line : storeCreditPay.use(money(balance))}
      </h3>
      {applied > 0 ? (
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex justify-between gap-4 text-neutral-600">
            <dt>{storeCreditPay.line}</dt>
            <dd className="tabular-nums">−{money(applied)}</dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold text-neutral-900">
            <dt>{storeCreditPay.toPay}</dt>
            <dd className="tabular-nums">{money(due)}</dd>
          </div>
        </dl>
      ) : null}
      {applied > 0 && balance >= due ? (
        <Button
          fullWidth
          className="mt-4"
          loading={pay.isPending}
          disabled={busy}
          onClick={() => pay.mutate(order._id)}
        >
          {storeCreditPay.payAll(money(due))}
        </Button>
      ) : applied > 0 ? (
        <Button
          variant="secondary"
          fullWidth
          className="mt-4"
          loading={remove.isPending}
          disabled={busy}
          onClick={() => remove.mutate(order._id)}
        >
          {storeCreditPay.remove}
        </Button>
      ) : balance >= due ? (
        <Button
          fullWidth
          className="mt-4"
          loading={pay.isPending}
          disabled={busy}
          onClick={() => pay.mutate(order._id)}
        >
          {storeCreditPay.payAll(money(due))}
        </Button>
      ) : applicable > 0 ? (
        // All of the balance, or what leaves the provider's minimum to pay, as the server prices it.
        <Button
          variant="secondary"
          fullWidth
          className="mt-4"
          loading={apply.isPending}
          disabled={busy}
          onClick={() => apply.mutate(order._id)}
        >
          {storeCreditPay.applyPart(money(applicable))}
        </Button>
      ) : null}
    </section>
  );
}
