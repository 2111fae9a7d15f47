import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import { api } from "@shop/shared/messages";
import type { AddressDto } from "@shop/shared/schemas/address";
import { cx } from "../lib/cx";

/**
 * Said of a saved address whose state is none of India's (typed before states were a list): it needs
 * one picked before an order can go to it. Nothing for any other address.
 */
export function AddressStateNote({ address, className }: { address: AddressDto; className?: string }) {
  if (address.stateValid) return null;
  return (
    <p className={cx("flex items-start gap-1.5 text-sm font-medium text-warning-700", className)}>
      <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {api.addressNeedsState}
    </p>
  );
}
