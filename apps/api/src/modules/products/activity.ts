/**
 * A product as the staff activity log keeps it, as the edit form shows it: a product without options
 * with its price, sale price and stock among its own fields; one with options with its variants keyed
 * by their values ("Size: M, Colour: Blue"), each with its SKU, prices, stock and state, so that an
 * entry says which variant's price or stock changed. The edit form's writes and the CSV import build
 * it the same way.
 */
import type { Database } from "#api/db/client";
import type { ProductOption, ProductVariant } from "#api/db/schema/products";
import type { Fields } from "#api/modules/activity/record";
import { findGallery, findProductById, findVariants } from "./repo-reads";

export type LoggedVariant = Pick<
  ProductVariant,
  "options" | "price" | "onSale" | "salePrice" | "stock" | "isActive"
> & {
  sku?: string | null | undefined;
};

export interface LoggedProduct {
  name: string;
  description: string;
  isActive: boolean;
  categoryId: string;
  thumbnailId: string | null;
  options: ProductOption[];
  taxRate?: number | null;
  taxSlabs?: { upTo: number | null; rate: number }[] | null;
  hsnCode?: string | null;
  /** The gallery's media ids, in order (the CSV import leaves the gallery alone and gives none). */
  gallery?: string[];
}

/** "Size: M, Colour: Blue": a variant by its values, unique within its product. */
function valuesOf(variant: LoggedVariant, index: number): string {
  const values = Object.entries(variant.options).map(([name, value]) => `${name}: ${value}`);
  return values.length > 0 ? values.join(", ") : `#${index + 1}`;
}

export function productFields(product: LoggedProduct, variants: readonly LoggedVariant[]): Fields {
  const { categoryId, thumbnailId, ...rest } = product;
  const pricing = (variant: LoggedVariant) => ({
    price: variant.price,
    onSale: variant.onSale,
    salePrice: variant.salePrice,
    stock: variant.stock,
  });
  const [only] = variants;
  const own = product.options.length === 0 && variants.length === 1 && only;
  return {
    ...rest,
    category: categoryId,
    thumbnail: thumbnailId,
    ...(own
      ? pricing(only)
      : {
          variants: Object.fromEntries(
            variants.map((variant, index) => [
              valuesOf(variant, index),
              { sku: variant.sku ?? null, ...pricing(variant), isActive: variant.isActive },
            ]),
          ),
        }),
  };
}

export const productSubject = (id: string, name: string) => ({ type: "product" as const, id, label: name });

/** A product as it is now in this transaction, for its entry; null when it does not exist. */
export async function loggedProduct(
  db: Database,
  id: string,
): Promise<{ name: string; fields: Fields } | null> {
  // NOTE: one after another: this runs in the write's transaction, one connection.
  const row = await findProductById(db, id);
  if (!row) return null;
  const variants = await findVariants(db, id);
  const gallery = await findGallery(db, id);
  const fields = productFields(
    {
      name: row.name,
      description: row.description,
      isActive: row.isActive,
      categoryId: row.category.id,
      thumbnailId: row.thumbnail?.id ?? null,
      options: row.options,
      taxRate: row.taxRate,
      taxSlabs: row.taxSlabs,
      hsnCode: row.hsnCode,
      gallery: gallery.map((media) => media.id),
    },
    variants,
  );
  return { name: row.name, fields };
}
