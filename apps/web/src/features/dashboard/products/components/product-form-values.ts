import { type ProductDto, type ProductFormValues, ProductInput } from "@shop/shared/schemas/product";
import type { z } from "zod";

/**
 * What the product form holds while it is filled in: the schema's input, except that a new
 * product's price and stock are not set yet (an empty number field), which the schema refuses
 * with 'This is required.'.
 */
export type ProductFormState = Omit<ProductFormValues, "price" | "stock"> & {
  price: number | undefined;
  stock: number | undefined;
};

/**
 * ProductInput, typed as taking the form's state (a widening the compiler checks, not a cast): it
 * validates whatever it is given, and answers an unset number with 'This is required.'.
 */
export const productFormSchema: z.ZodType<ProductInput, ProductFormState> = ProductInput;

/** The fields a refusal from the server may name (lib/form-errors.ts). */
export const PRODUCT_FIELDS = [
  "name",
  "description",
  "price",
  "onSale",
  "salePrice",
  "stock",
  "isActive",
  "category",
  "thumbnail",
  "gallery",
] as const;

/** An empty number field is "no value" (zod says 'This is required.'), not NaN. */
export const asNumber = (value: unknown) => (value === "" || value === null ? undefined : Number(value));

export function productFormDefaults(product: ProductDto | undefined): ProductFormState {
  if (!product) {
    return {
      name: "",
      description: "",
      price: undefined,
      onSale: false,
      salePrice: undefined,
      stock: undefined,
      isActive: true,
      category: "",
      thumbnail: "",
      gallery: [],
    };
  }
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    onSale: product.onSale,
    salePrice: product.onSale ? product.salePrice : undefined,
    stock: product.stock,
    isActive: product.isActive,
    category: product.category._id,
    thumbnail: product.thumbnail?._id ?? "",
    gallery: product.gallery.map((media) => media._id),
  };
}
