import { BanknotesIcon } from "@heroicons/react/24/outline";
import { cashOnDelivery } from "@shop/shared/messages";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { Button } from "#web/components/button";
import { useConfig } from "#web/lib/config";
import { formatPrice } from "#web/lib/money";
import { usePayOnDelivery } from "../api/pay-on-delivery";

/**
 * The pay page's cash on delivery option, while the shop offers it: what the shopper pays at the door
 * (the order's total and the fee) and a button to confirm; past the owner's limit, the limit said
 * instead. The server decides again (the settings may have changed since the page read them).
 */
export function CashOnDeliveryOption({ order }: { order: OrderDto }) {
  const cod = useConfig().data?.cod;
  const choose = usePayOnDelivery();
  if (!cod?.enabled) return null;
  const totalCents = toCents(order.totalAmount) + toCents(cod.fee);
  const total = formatPrice(fromCents(totalCents));
  const within = totalCents <= toCents(cod.maxOrderValue);
  return (
    <section
      aria-labelledby="cod-heading"
      className="rounded-card border border-neutral-200 bg-white p-4 sm:p-5"
    >
      <h3 id="cod-heading" className="flex items-center gap-2 text-base font-semibold text-neutral-900">
        <BanknotesIcon className="size-5 text-neutral-500" aria-hidden="true" />
        {cashOnDelivery.option}
      </h3>
      {within ? (
        <>
          <p className="mt-1.5 text-sm text-neutral-600">
            {cod.fee > 0
              ? cashOnDelivery.optionHint(total, formatPrice(cod.fee))
              : cashOnDelivery.optionHintNoFee(total)}
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
        <p className="mt-1.5 text-sm text-neutral-600">
          {cashOnDelivery.overLimit(formatPrice(cod.maxOrderValue))}
        </p>
      )}
    </section>
  );
}
