import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { shiprocketShip as words } from "@shop/shared/messages";
import type { CourierQuoteDto, ShiprocketShipmentDto } from "@shop/shared/schemas/shiprocket";
import { buttonClasses } from "#web/components/button";
import { cx } from "#web/lib/cx";
import { formatDay } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";

interface CourierOptionsProps {
  couriers: readonly CourierQuoteDto[];
  chosen: number | null;
  onChoose: (courierId: number) => void;
  /** The quote is being asked again: the list shown is the last one's. */
  stale: boolean;
}

/**
 * Shiprocket's couriers for the parcel, cheapest first, as radio buttons: each with its price (in
 * rupees, as Shiprocket quotes), its estimated delivery, whether it collects cash, its rating and
 * Shiprocket's recommendation.
 */
export function CourierOptions({ couriers, chosen, onChoose, stale }: CourierOptionsProps) {
  return (
    <ul className={cx("space-y-2", stale && "opacity-60")} aria-busy={stale || undefined}>
      {couriers.map((courier) => {
        const id = `courier-${courier.courierId}`;
        return (
          <li key={courier.courierId}>
            <label
              htmlFor={id}
              className="flex cursor-pointer items-start gap-3 rounded-control p-3 ring-1 ring-neutral-200 ring-inset has-checked:bg-brand-50 has-checked:ring-brand-600"
            >
              <input
                id={id}
                type="radio"
                name="courier"
                value={courier.courierId}
                checked={chosen === courier.courierId}
                onChange={() => onChoose(courier.courierId)}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0 flex-1 text-sm">
                <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <span className="font-medium text-neutral-900">
                    {courier.name}
                    {courier.recommended ? (
                      <span className="ml-2 inline-flex rounded-full bg-success-100 px-2 py-0.5 text-xs font-medium text-success-700 ring-1 ring-success-600/30 ring-inset">
                        {words.recommended}
                      </span>
                    ) : null}
                  </span>
                  <span className="font-semibold text-neutral-900 tabular-nums">
                    {formatPrice(courier.price, "INR")}
                  </span>
                </span>
                <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-neutral-600">
                  <span>{courier.etd ? words.etd(formatDay(courier.etd)) : words.noEtd}</span>
                  <span>{courier.cod ? words.codYes : words.codNo}</span>
                  {courier.rating !== null ? <span>{words.rating(courier.rating)}</span> : null}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** "2026-12-01 10:00:00" (Shiprocket's, India time) → its day as the shop writes days. */
function pickupDay(scheduled: string | null): string {
  if (!scheduled) return words.noPickup;
  const day = scheduled.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(day) : scheduled;
}

/** The parcel just booked: its AWB, courier, pickup day and its label (a PDF, in a new tab). */
export function BookedParcel({ shipment }: { shipment: ShiprocketShipmentDto }) {
  return (
    <div role="status" className="space-y-3">
      <p className="text-sm font-semibold text-success-700">{words.booked}</p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-neutral-600">{words.awb}</dt>
          <dd className="font-mono break-all text-neutral-900">{shipment.awb}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">{words.courier}</dt>
          <dd className="text-neutral-900">{shipment.courier}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">{words.pickup}</dt>
          <dd className="text-neutral-900">{pickupDay(shipment.pickupScheduledFor)}</dd>
        </div>
      </dl>
      <a
        href={shipment.labelUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: "secondary", size: "sm" })}
      >
        {words.openLabel}
        <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
      </a>
    </div>
  );
}
