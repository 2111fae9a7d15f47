import { wishlistHeart } from "@shop/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { cx } from "../lib/cx";
import { tapHeart, useSaved } from "../lib/wishlist";

/**
 * The heart itself, pressed while the product is saved; loaded after the first paint
 * (components/wishlist-heart.tsx). A visitor who is not signed in is taken to sign in, and back to
 * this page afterwards; a shopper's change shows at once and is undone if refused.
 */
export default function HeartButton({ productId, className }: { productId: string; className: string }) {
  const saved = useSaved(productId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? wishlistHeart.remove : wishlistHeart.save}
      onClick={() => tapHeart(queryClient, navigate, { productId, saved, from: `${pathname}${search}` })}
      className={cx(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white/90 shadow-card ring-1 ring-neutral-200 transition-colors hover:text-accent-700",
        saved ? "text-accent-700" : "text-neutral-700",
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        fill={saved ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={1.5}
        aria-hidden="true"
        className="size-5"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M21 8.25c0-2.485-2.099-4.5-4.688-4.5-1.935 0-3.597 1.126-4.312 2.733-.715-1.607-2.377-2.733-4.313-2.733C5.1 3.75 3 5.765 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12Z"
        />
      </svg>
    </button>
  );
}

/** "On sale: a product you saved", beside the price of a product on sale that the shopper saved. */
export function SavedOnSale({ productId }: { productId: string }) {
  if (!useSaved(productId)) return null;
  return (
    <span className="rounded-full bg-accent-100 px-2.5 py-0.5 text-sm font-semibold text-accent-700">
      {wishlistHeart.savedOnSale}
    </span>
  );
}
