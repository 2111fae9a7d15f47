import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import { cartUpdates } from "@shop/shared/messages";
import { formatPrice } from "#web/lib/money";
import type { CartChange } from "../lib/cart-store";

export function describeCartChange(change: CartChange): string {
  switch (change.kind) {
    case "price":
      return cartUpdates.priceChanged(change.name, formatPrice(change.from), formatPrice(change.to));
    case "quantity":
      return cartUpdates.quantityLowered(change.name, change.quantity);
    case "outOfStock":
      return cartUpdates.outOfStock(change.name);
    case "unavailable":
      return cartUpdates.unavailable(change.name);
  }
}

/** What changed in the cart since it was filled (prices, stock, products withdrawn), in one notice. */
export function CartChanges({ changes, className }: { changes: readonly CartChange[]; className?: string }) {
  return (
    // NOTE: the live region stays mounted while empty, so screen readers announce changes that arrive.
    <div role="status" className={className}>
      {changes.length > 0 ? (
        <div className="flex gap-3 rounded-card border border-warning-600/30 bg-warning-50 px-4 py-3">
          <ExclamationTriangleIcon className="size-5 shrink-0 text-warning-700" aria-hidden="true" />
          <ul className="space-y-1 text-sm text-warning-700">
            {changes.map((change) => (
              <li key={`${change.key}:${change.kind}`}>{describeCartChange(change)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
