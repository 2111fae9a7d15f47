import { ShoppingCartIcon } from "@heroicons/react/24/outline";
import { Link } from "react-router";
import { useCartQuantity } from "#web/lib/cart-store";

/** The header's cart icon with the total quantity in the cart. */
export function CartLink() {
  const quantity = useCartQuantity();
  return (
    <Link
      to="/cart"
      aria-label={`Cart, ${quantity} ${quantity === 1 ? "item" : "items"}`}
      className="relative inline-flex size-10 items-center justify-center rounded-control text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900"
    >
      <ShoppingCartIcon className="size-6" aria-hidden="true" />
      <span
        aria-hidden="true"
        className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] leading-none font-semibold text-white tabular-nums"
      >
        {quantity > 99 ? "99+" : quantity}
      </span>
    </Link>
  );
}
