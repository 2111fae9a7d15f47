import { BanknotesIcon } from "@heroicons/react/24/outline";
import { cashOnDelivery, codConfirmation } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { PaymentOptionsDto } from "@shop/shared/schemas/payment";
import { Button } from "#web/components/button";
import { Skeleton } from "#web/components/skeleton";
import { formatPrice } from "#web/lib/money";
import { usePayOnDelivery } from "../api/pay-on-delivery";

/**
 * The pay page's cash on delivery option, while the shop offers it, as the server decided it for this
 * order (`options`, GET .../payment-options): what the shopper pays at the door (the order's total
 * and the fee) and a button to choose it, with "Pay online and save ₹20" beside it while paying online
 * takes something off; or why it is not offered (the limit, the PIN code, an earlier refused parcel,
 * the shipping method). The server decides again when it is chosen.
 */
export function CashOnDeliveryOption({
  order,
  options,
}: {
  order: OrderDto;
  /** Undefined while the server's answer is on its way: the option keeps its room. */
  options: PaymentOptionsDto | undefined;
}) {
  const choose = usePayOnDelivery();
  const money = (amount: number) => formatPrice(amount, order.currency);
  const cod = options?.cod;
  return (
    <section
      aria-labelledby="cod-heading"
      className="rounded-card border border-neutral-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="cod-heading" className="flex items-center gap-2 text-base font-semibold text-neutral-900">
          <BanknotesIcon className="size-5 text-neutral-500" aria-hidden="true" />
          {cashOnDelivery.option}
        </h3>
        {options && options.online.saving > 0 ? (
          <p className="rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-700 ring-1 ring-success-600/30 ring-inset">
            {codConfirmation.onlineSaving(money(options.online.saving))}
          </p>
        ) : null}
      </div>
      {!cod ? (
        <div className="mt-1.5 space-y-4" aria-hidden="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full rounded-control" />
        </div>
      ) : cod.offered ? (
        <>
          <p className="mt-1.5 text-sm text-neutral-600">
            {cod.fee > 0
              ? cashOnDelivery.optionHint(money(cod.total), money(cod.fee))
              : cashOnDelivery.optionHintNoFee(money(cod.total))}
          </p>
          <Button
            variant="secondary"
            fullWidth
            className="mt-4"
            loading={choose.isPending}
            onClick={() => choose.mutate(order._id)}
          >
            {cashOnDelivery.confirm}
          </Button>
        </>
      ) : (
        <p className="mt-1.5 text-sm text-neutral-600">{cod.reason}</p>
      )}
    </section>
  );
}
