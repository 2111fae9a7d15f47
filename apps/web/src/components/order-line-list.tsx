import { PhotoIcon } from "@heroicons/react/24/outline";
import type { MediaDto } from "@shop/shared/schemas/media";
import { Link } from "react-router";
import { MediaImage } from "#web/components/media-image";
import { OptionValues } from "#web/components/option-values";
import { formatPrice } from "#web/lib/money";

export interface OrderLineView {
  /** Unique among the lines: the product, and its variant when the product has options. */
  key: string;
  productId: string;
  /** The variant's id and option values ("Size: 9 · Colour: Black" under the name). */
  variant?: { _id: string; options: Record<string, string> } | undefined;
  name: string;
  thumbnail: MediaDto | null;
  unitPrice: number;
  /** The price before the sale, struck through beside the unit price when higher. */
  originalPrice: number;
  quantity: number;
  lineTotal: number;
  /** A line that is not bought (withdrawn or out of stock): shown, but not priced. */
  note?: string | undefined;
}

/**
 * Products of a cart being checked out, or of a placed order: picture, name, option values,
 * quantity x price, total.
 */
export function OrderLineList({
  lines,
  label,
  currency,
}: {
  lines: readonly OrderLineView[];
  label: string;
  /** A placed order's currency (ISO 4217); the shop's for a cart. */
  currency?: string | undefined;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-neutral-200">
      {lines.map((line) => (
        <li key={line.key} className="flex items-center gap-3 py-4 sm:gap-4">
          <div className="size-14 shrink-0 overflow-hidden rounded-control bg-neutral-100 sm:size-16">
            {line.thumbnail ? (
              <MediaImage media={line.thumbnail} alt="" sizes="64px" className="size-full object-cover" />
            ) : (
              <PhotoIcon className="m-auto mt-4 size-6 text-neutral-300" aria-hidden="true" />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <Link
              to={
                line.variant && Object.keys(line.variant.options).length > 0
                  ? `/product/${line.productId}?variant=${line.variant._id}`
                  : `/product/${line.productId}`
              }
              className="line-clamp-2 text-sm font-medium text-neutral-900 hover:text-brand-700 hover:underline"
            >
              {line.name}
            </Link>
            <OptionValues values={line.variant?.options} />
            {line.note ? (
              <p className="text-sm font-medium text-danger-700">{line.note}</p>
            ) : (
              <p className="text-sm text-neutral-600 tabular-nums">
                {line.quantity} × {formatPrice(line.unitPrice, currency)}
                {line.originalPrice > line.unitPrice ? (
                  <>
                    {" "}
                    <span className="sr-only">instead of</span>
                    <s className="text-neutral-500">{formatPrice(line.originalPrice, currency)}</s>
                  </>
                ) : null}
              </p>
            )}
          </div>
          <p className="text-sm font-semibold text-neutral-900 tabular-nums">
            {line.note ? "—" : formatPrice(line.lineTotal, currency)}
          </p>
        </li>
      ))}
    </ul>
  );
}
