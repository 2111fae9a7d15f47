import { ShoppingCartIcon } from "@heroicons/react/24/outline";
import {
  api as apiMessages,
  errors,
  stock as stockMessages,
  successes,
  validation,
} from "@shop/shared/messages";
import type { ProductDto, VariantDto } from "@shop/shared/schemas/product";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { QuantitySelector } from "#web/components/quantity-selector";
import { lineLimit, toCartProduct, useCart, useQuantityInCart, variantProduct } from "#web/lib/cart-store";
import { useMaxQuantityPerLine } from "#web/lib/config";
import type { CartVariant } from "#web/lib/stored-state-types";
import { toast } from "#web/lib/toast";

export type AddToCartProduct = Pick<
  ProductDto,
  "_id" | "name" | "thumbnail" | "price" | "onSale" | "salePrice" | "stock" | "isActive" | "options"
>;

interface AddToCartProps {
  product: AddToCartProduct;
  /** The chosen variant: undefined while a product with options has no complete choice. */
  variant: VariantDto | undefined;
  /** The first option without a value; Add to cart then says 'Please choose a Size.' */
  missingOption?: string | undefined;
  /** Add to cart was pressed without a complete choice: the page marks the option named. */
  onMissingOption?: (optionName: string) => void;
}

/**
 * The quantity selector and the Add to cart button (SPEC section 5), for the chosen variant of a
 * product with options: what is already in the cart counts against the variant's stock (and the
 * shop's limit per line), so plus stops at that minus what is in the cart; Add to cart is disabled
 * without stock, and asks for the missing option ('Please choose a Size.') before a choice is
 * complete. Key it by product, so the chosen quantity starts at 1 for each product.
 */
export function AddToCart({ product, variant, missingOption, onMissingOption }: AddToCartProps) {
  const hasOptions = product.options.length > 0;
  const snapshot = variant ? variantProduct(product, variant) : toCartProduct(product);
  // The variant the line names: in the product's option order, so the cart lists the values alike.
  const cartVariant: CartVariant | undefined =
    hasOptions && variant
      ? {
          _id: variant._id,
          options: Object.fromEntries(
            product.options.flatMap((option) => {
              const value = variant.options[option.name];
              return value === undefined ? [] : [[option.name, value]];
            }),
          ),
        }
      : undefined;
  const inCart = useQuantityInCart(product._id, cartVariant?._id);
  const maxPerLine = useMaxQuantityPerLine();
  const available = Math.max(lineLimit(snapshot, maxPerLine) - inCart, 0);
  const [chosen, setChosen] = useState(1);
  // What is chosen can never exceed what is left (another tab may have filled the cart meanwhile).
  const quantity = Math.min(chosen, Math.max(available, 1));
  const noStock = snapshot.stock <= 0;
  const incomplete = hasOptions && !variant;
  // Only staff can open an inactive product's page; it cannot be bought. Without a complete choice
  // the button stays enabled, to say which option is missing.
  const unavailable = !product.isActive || (!incomplete && (noStock || available <= 0 || !snapshot.isActive));
  const [asked, setAsked] = useState(false);
  const missingMessage = asked && incomplete && missingOption ? validation.chooseOption(missingOption) : null;

  const add = () => {
    if (incomplete) {
      setAsked(true);
      if (missingOption) onMissingOption?.(missingOption);
      return;
    }
    let added = 0;
    try {
      added = useCart.getState().addItem(snapshot, quantity, maxPerLine, cartVariant);
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
    <div>
      <div className="flex flex-wrap items-end gap-4">
        <QuantitySelector
          value={quantity}
          onChange={setChosen}
          max={available}
          noStock={noStock && !incomplete}
        />
        <Button size="lg" onClick={add} disabled={unavailable} className="min-w-48 flex-1 sm:flex-none">
          <ShoppingCartIcon className="size-5" aria-hidden="true" />
          Add to cart
        </Button>
      </div>
      {/* NOTE: the alert region stays mounted, so the message is announced when it appears. */}
      <div role="alert">
        {missingMessage ? <p className="mt-3 text-sm font-medium text-danger-700">{missingMessage}</p> : null}
      </div>
      {inCart > 0 ? (
        <p className="mt-3 text-sm text-neutral-600">
          {available > 0
            ? stockMessages.inCart(inCart)
            : inCart >= snapshot.stock
              ? stockMessages.allInCart(snapshot.stock)
              : apiMessages.quantityPerLine(maxPerLine)}{" "}
          <Link to="/cart" className="font-medium text-brand-700 hover:underline">
            View cart
          </Link>
        </p>
      ) : null}
    </div>
  );
}
