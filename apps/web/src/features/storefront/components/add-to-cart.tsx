import { ShoppingCartIcon } from "@heroicons/react/24/outline";
import { api as apiMessages, errors, stock as stockMessages, successes } from "@shop/shared/messages";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { QuantitySelector } from "#web/components/quantity-selector";
import { type CartProduct, lineLimit, toCartProduct, useCart, useQuantityInCart } from "#web/lib/cart-store";
import { useMaxQuantityPerLine } from "#web/lib/config";
import { toast } from "#web/lib/toast";

/**
 * The quantity selector and the Add to cart button (SPEC section 5): what is already in the cart
 * counts against the stock (and the shop's limit per line), so plus stops at that minus what is in
 * the cart; Add to cart is disabled without stock. Key it by product, so the chosen quantity starts
 * at 1 for each product.
 */
export function AddToCart({ product }: { product: CartProduct }) {
  const inCart = useQuantityInCart(product._id);
  const maxPerLine = useMaxQuantityPerLine();
  const available = Math.max(lineLimit(product, maxPerLine) - inCart, 0);
  const [chosen, setChosen] = useState(1);
  // What is chosen can never exceed what is left (another tab may have filled the cart meanwhile).
  const quantity = Math.min(chosen, Math.max(available, 1));
  const noStock = product.stock <= 0;
  // Only staff can open an inactive product's page; it cannot be bought.
  const unavailable = noStock || available <= 0 || !product.isActive;

  const add = () => {
    let added = 0;
    try {
      added = useCart.getState().addItem(toCartProduct(product), quantity, maxPerLine);
    } catch {
      // Local storage refused the write (private mode, full quota).
    }
    if (added > 0) {
      toast.success(successes.addedToCart(added));
      setChosen(1);
    } else {
      toast.error(errors.addToCart);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-4">
        <QuantitySelector value={quantity} onChange={setChosen} max={available} noStock={noStock} />
        <Button size="lg" onClick={add} disabled={unavailable} className="min-w-48 flex-1 sm:flex-none">
          <ShoppingCartIcon className="size-5" aria-hidden="true" />
          Add to cart
        </Button>
      </div>
      {inCart > 0 ? (
        <p className="text-sm text-neutral-600">
          {available > 0
            ? stockMessages.inCart(inCart)
            : inCart >= product.stock
              ? stockMessages.allInCart(product.stock)
              : apiMessages.quantityPerLine(maxPerLine)}{" "}
          <Link to="/cart" className="font-medium text-brand-700 hover:underline">
            View cart
          </Link>
        </p>
      ) : null}
    </div>
  );
}
