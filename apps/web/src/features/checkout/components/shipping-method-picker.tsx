import { ExclamationTriangleIcon } from "@heroicons/react/20/solid";
import { deliveryCheck, orderSummary } from "@shop/shared/messages";
import { fromCents, shippingCents, toCents } from "@shop/shared/pricing";
import type { ShippingMethod } from "@shop/shared/schemas/settings";
import { useId } from "react";
import { Link } from "react-router";
import { Skeleton } from "#web/components/skeleton";
import { cx } from "#web/lib/cx";
import { formatDeliveryDay } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";

interface ShippingMethodPickerProps {
  /** The methods that serve the address's state, cheapest first; undefined while they are not known. */
  methods: readonly ShippingMethod[] | undefined;
  /** The day ("YYYY-MM-DD") each method delivers by, where the shop knows it (PIN code lists, their days). */
  deliverBy?: ReadonlyMap<string, string> | undefined;
  checkedId: string | null;
  onChoose: (id: string) => void;
  /** What the server charges for the checked method, once it has priced the cart with it. */
  checkedPrice: number | null;
  /** The items after a discount code, and their units: whether each method is free above its threshold. */
  itemsPrice: number;
  units: number;
  /** Why no method delivers (none serves the state, or the one chosen stopped): said with a way to change the address. */
  message: string | null;
  /** The cart is being priced with the checked method. */
  busy: boolean;
  className?: string;
}

/**
 * The shipping methods that deliver to the address, as a radio group: each with its name, the day
 * it delivers by (or the owner's estimate) and what it costs this cart ("Free" once the items pass its threshold), the server's
 * figure for the checked one.
 */
export function ShippingMethodPicker({
  methods,
  deliverBy,
  checkedId,
  onChoose,
  checkedPrice,
  itemsPrice,
  units,
  message,
  busy,
  className,
}: ShippingMethodPickerProps) {
  const baseId = useId();
  const messageId = `${baseId}-message`;
  const priceOf = (method: ShippingMethod) =>
    method._id === checkedId && checkedPrice !== null
      ? checkedPrice
      : fromCents(shippingCents(toCents(itemsPrice), units, method));

  return (
    // NOTE: the card is around the fieldset, not the fieldset itself: a legend sits on its fieldset's border.
    <div className={className}>
      <fieldset aria-busy={busy} aria-describedby={message ? messageId : undefined}>
        <legend className="text-lg font-semibold text-neutral-900">{orderSummary.shippingMethods}</legend>
        {methods === undefined ? (
          // The size of one method, so the page does not move when they arrive.
          <Skeleton className="mt-4 h-[4.25rem] rounded-card" />
        ) : (
          <div className="mt-4 space-y-3">
            {methods.map((method) => {
              const checked = method._id === checkedId;
              const price = priceOf(method);
              // NOTE: named by its parts, so that a screen reader (and a test) hears them apart:
              // "Express Estimated delivery: 1–2 days $150.00".
              const partId = (part: string) => `${baseId}-${method._id}-${part}`;
              // The day it delivers by where it is known, else the owner's estimate ("2–4 days").
              const day = deliverBy?.get(method._id);
              const days = day
                ? deliveryCheck.deliveredBy(formatDeliveryDay(day))
                : method.estimatedDays
                  ? orderSummary.estimatedDays(method.estimatedDays)
                  : null;
              const parts = [partId("name"), ...(days ? [partId("days")] : []), partId("price")];
              return (
                <label
                  key={method._id}
                  className={cx(
                    "flex min-h-[4.25rem] cursor-pointer items-center gap-3 rounded-card bg-white px-4 py-3 ring-1 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600",
                    checked ? "ring-2 ring-brand-600" : "ring-neutral-200 hover:ring-neutral-300",
                  )}
                >
                  <input
                    type="radio"
                    name="shipping-method"
                    value={method._id}
                    checked={checked}
                    onChange={() => onChoose(method._id)}
                    aria-labelledby={parts.join(" ")}
                    className="size-4 shrink-0 accent-brand-600 focus:outline-none"
                  />
                  <span className="min-w-0 flex-1">
                    <span id={partId("name")} className="block font-medium break-words text-neutral-900">
                      {method.name}
                    </span>
                    {days ? (
                      <span id={partId("days")} className="block text-sm text-neutral-600">
                        {days}
                      </span>
                    ) : null}
                  </span>
                  <span
                    id={partId("price")}
                    className={cx(
                      "shrink-0 text-sm font-semibold tabular-nums",
                      price === 0 ? "text-success-700" : "text-neutral-900",
                    )}
                  >
                    {price === 0 ? orderSummary.free : formatPrice(price)}
                  </span>
                </label>
              );
            })}
          </div>
        )}
        {message ? (
          <div
            id={messageId}
            role="alert"
            className="mt-4 flex gap-3 rounded-lg bg-warning-50 p-4 text-sm text-warning-700 ring-1 ring-warning-100"
          >
            <ExclamationTriangleIcon aria-hidden="true" className="size-5 shrink-0" />
            <div>
              <p className="font-medium">{message}</p>
              <Link
                to="/account/shipping"
                className="mt-2 inline-block font-medium text-brand-700 hover:underline"
              >
                {orderSummary.changeAddress}
              </Link>
            </div>
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}
