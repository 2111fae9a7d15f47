/** The kept cart as the API answers it: each line's product and variant as they are sold today. */
import type { CartDto, CartLineDto } from "@shop/shared/schemas/cart";
import type { ProductVariant } from "#api/db/schema/products";
import { toMediaDto } from "#api/modules/media/dto";
import type { KeptLine, ProductOfCart } from "./repo";

/** The variant a kept line names, while its product still has it (a removed variant is gone from carts). */
export function variantOfLine(
  line: KeptLine,
  found: ReadonlyMap<string, ProductOfCart>,
): { product: ProductOfCart; variant: ProductVariant } | undefined {
  const product = found.get(line.product);
  const variant = product?.variants.find((v) => v.id === line.variant && v.removedAt === null);
  return product && variant ? { product, variant } : undefined;
}

/** Whether a line can be bought now: its product and variant sold, and some stock. */
export function isBuyable({
  product,
  variant,
}: {
  product: ProductOfCart;
  variant: ProductVariant;
}): boolean {
  return product.isActive && variant.isActive && variant.stock > 0;
}

/** The variant's option values in the product's option order ("Size", then "Colour"). */
export function optionValues(product: ProductOfCart, variant: ProductVariant): Record<string, string> {
  const values: Record<string, string> = {};
  for (const option of product.options) {
    const value = variant.options[option.name];
    if (value !== undefined) values[option.name] = value;
  }
  return values;
}

function toCartLineDto(product: ProductOfCart, variant: ProductVariant, quantity: number): CartLineDto {
  return {
    product: {
      _id: product.id,
      name: product.name,
      thumbnail: product.thumbnail ? toMediaDto(product.thumbnail) : null,
      price: variant.price,
      onSale: variant.onSale,
      salePrice: variant.salePrice,
      stock: variant.stock,
      isActive: product.isActive && variant.isActive,
    },
    variant: { _id: variant.id, options: optionValues(product, variant) },
    quantity,
  };
}

/** The cart's lines with today's prices, in their order; lines whose product or variant is gone are left out. */
export function toCartDto(
  cart: { lines: readonly KeptLine[]; discountCode: string | null },
  found: ReadonlyMap<string, ProductOfCart>,
): CartDto {
  return {
    lines: cart.lines.flatMap((line) => {
      const sold = variantOfLine(line, found);
      return sold ? [toCartLineDto(sold.product, sold.variant, line.quantity)] : [];
    }),
    discountCode: cart.discountCode,
  };
}
