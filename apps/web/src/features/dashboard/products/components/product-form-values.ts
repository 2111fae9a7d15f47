import { DEFAULT_UQC, UQCS } from "@shop/shared/gst-codes";
import {
  type ProductDto,
  type ProductFormValues,
  ProductInput,
  SALE_PRICE_MIN,
  VariantInput,
} from "@shop/shared/schemas/product";
import { TaxRate } from "@shop/shared/schemas/settings";
import type { Path } from "react-hook-form";
import { z } from "zod";
import { type GstFormState, isGstField } from "#web/features/dashboard/components/gst-fields";
import type { NarrowerBounds } from "#web/lib/number-limits";
import { type OptionRow, suggestSku, type VariantRow } from "./variant-rows";

/**
 * What the product form holds while it is filled in: the schema's input, except that a new
 * product's price and stock are not set yet (an empty number field), which the schema refuses
 * with 'This is required.', that options and variants are kept as the grid edits them
 * (variant-rows.ts) until the form is sent, and that the GST rate and HSN code are always sent
 * (null: the category's), the rate being unset while "Other…" waits for one.
 */
export type ProductFormState = Omit<
  ProductFormValues,
  | "price"
  | "stock"
  | "options"
  | "variants"
  | "taxRate"
  | "taxSlabs"
  | "hsnCode"
  | "weightKg"
  | "dimensionsCm"
> &
  GstFormState & {
    price: number | undefined;
    stock: number | undefined;
    options: OptionRow[];
    variants: VariantRow[];
    /** Empty fields: none (the shop's default). */
    weightKg: number | undefined;
    dimensionsCm: { length: number | undefined; breadth: number | undefined; height: number | undefined };
  };

/** The numbers a form may still have unset; the schema answers them with 'This is required.'. */
type Unset<T> = Omit<T, "price" | "stock"> & { price: number | undefined; stock: number | undefined };

type ProductBody = Unset<Omit<ProductFormValues, "variants" | "taxSlabs" | "dimensionsCm">> & {
  dimensionsCm: ProductFormState["dimensionsCm"] | null;
  variants?: Unset<z.input<typeof VariantInput>>[];
  taxSlabs?: GstFormState["taxSlabs"];
};

const validPrice = (value: number | undefined): value is number =>
  VariantInput.shape.price.safeParse(value).success;
const validStock = (value: number | undefined): value is number =>
  VariantInput.shape.stock.safeParse(value).success;

/**
 * A sale price's bounds beyond its schema's: at least SALE_PRICE_MIN, and below `price` (a hundredth
 * below it, prices being in hundredths) once the price is one the schema takes.
 */
export function salePriceBounds(price: number | undefined): NarrowerBounds {
  const below = validPrice(price) ? (Math.round(price * 100) - 1) / 100 : undefined;
  return { min: SALE_PRICE_MIN, max: below !== undefined && below >= SALE_PRICE_MIN ? below : undefined };
}

/**
 * The body the form sends. Without options: exactly the fields SPEC names (the server keeps the one
 * default variant), unless the product had options, whose variants then give way to one default
 * variant of the price and stock fields (it keeps the first variant's id and SKU). With options:
 * each row becomes a variant named by the options' values, an empty SKU takes the suggested one,
 * and the product-level price and stock (required, though the variants decide) are the cheapest
 * variant's and the sum.
 */
export function productBody(state: ProductFormState, product: ProductDto | undefined): ProductBody {
  const { options, variants, weightKg, dimensionsCm, ...rest } = state;
  // Empty size fields are none; a box with one side given asks for the other two ('This is required.').
  const sides = [dimensionsCm.length, dimensionsCm.breadth, dimensionsCm.height];
  const fields = {
    ...rest,
    weightKg: weightKg ?? null,
    dimensionsCm: sides.every((side) => side === undefined) ? null : dimensionsCm,
  };
  if (options.length === 0) {
    if (!product || product.options.length === 0) return fields;
    const first = product.variants[0];
    return {
      ...fields,
      options: [],
      variants: [
        {
          ...(first ? { _id: first._id } : {}),
          sku: first?.sku ?? product._id,
          options: {},
          price: fields.price,
          onSale: fields.onSale ?? false,
          salePrice: fields.salePrice,
          stock: fields.stock,
          isActive: true,
        },
      ],
    };
  }
  const prices = variants.map((row) => row.price).filter(validPrice);
  const stock = variants
    .filter((row) => row.isActive)
    .map((row) => row.stock)
    .filter(validStock)
    .reduce((sum, units) => sum + units, 0);
  return {
    ...fields,
    price: prices.length > 0 ? Math.min(...prices) : 0,
    onSale: false,
    salePrice: 0,
    stock: validStock(stock) ? stock : 0,
    options: options.map((option) => ({ name: option.name, values: option.values })),
    variants: variants.map((row) => ({
      ...(row._id ? { _id: row._id } : {}),
      sku: row.sku.trim() || suggestSku(state.name, row.options),
      options: Object.fromEntries(options.map((option, i) => [option.name, row.options[i] ?? ""])),
      price: row.price,
      // A sale price (other than 0) puts the variant on sale; the schema checks it is below the price.
      onSale: row.salePrice !== undefined && row.salePrice !== 0,
      salePrice: row.salePrice ?? 0,
      stock: row.stock,
      isActive: row.isActive,
      // NOTE: always sent: the API keeps a size left out, so an emptied weight must go as null to clear it.
      weightKg: row.weightKg ?? null,
      dimensionsCm: row.dimensionsCm,
    })),
  };
}

/**
 * The body's own schema, except that the form always sends a rate: a rate left out (the API keeps
 * the product's) can only mean "Other…" with nothing typed, which is 'This is required.'.
 */
const ProductFormBody = ProductInput.safeExtend({ taxRate: TaxRate.nullable() });

/**
 * ProductInput over the body the form sends (`productBody`): it validates whatever it is given and
 * puts each message at the path of the form's own field (the grid keeps the body's order).
 */
export function productFormSchema(
  product: ProductDto | undefined,
): z.ZodType<ProductInput, ProductFormState> {
  return z
    .custom<ProductFormState>()
    .transform((state): unknown => productBody(state, product))
    .pipe(ProductFormBody);
}

const PRODUCT_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "price",
  "onSale",
  "salePrice",
  "stock",
  "isActive",
  "category",
  "taxRate",
  "hsnCode",
  "uqc",
  "weightKg",
  "dimensionsCm.length",
  "dimensionsCm.breadth",
  "dimensionsCm.height",
  "thumbnail",
  "gallery",
  "options",
  "variants",
]);

const OPTION_FIELD = /^options\.\d+\.(name|values)(\.\d+)?$/;
const VARIANT_FIELD = /^variants\.\d+\.(_id|sku|options|price|salePrice|stock|isActive|weightKg)$/;

/** A field a refusal from the server may name (lib/form-errors.ts), a grid row's included. */
export function isProductField(path: string): path is Path<ProductFormState> {
  return PRODUCT_FIELDS.has(path) || isGstField(path) || OPTION_FIELD.test(path) || VARIANT_FIELD.test(path);
}

/** An empty number field is "no value" (zod says 'This is required.'), not NaN. */
export const asNumber = (value: unknown) => (value === "" || value === null ? undefined : Number(value));

/** A variant as the grid edits it: no sale price unless it is on sale, no weight when it has none of its own. */
function toRow(variant: ProductDto["variants"][number], options: ProductDto["options"]): VariantRow {
  return {
    _id: variant._id,
    sku: variant.sku,
    options: options.map((option) => variant.options[option.name] ?? ""),
    price: variant.price,
    salePrice: variant.onSale ? variant.salePrice : undefined,
    stock: variant.stock,
    isActive: variant.isActive,
    weightKg: variant.weightKg ?? undefined,
    dimensionsCm: variant.dimensionsCm,
  };
}

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
      taxRate: null,
      taxSlabs: null,
      hsnCode: null,
      uqc: DEFAULT_UQC,
      weightKg: undefined,
      dimensionsCm: { length: undefined, breadth: undefined, height: undefined },
      thumbnail: "",
      gallery: [],
      options: [],
      variants: [],
    };
  }
  const hasOptions = product.options.length > 0;
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    onSale: product.onSale,
    salePrice: product.onSale ? product.salePrice : undefined,
    stock: product.stock,
    isActive: product.isActive,
    category: product.category._id,
    taxRate: product.taxRate,
    taxSlabs: product.taxSlabs?.map((slab) => ({ ...slab })) ?? null,
    hsnCode: product.hsnCode,
    uqc: UQCS.find((uqc) => uqc === product.uqc) ?? DEFAULT_UQC,
    weightKg: product.weightKg ?? undefined,
    dimensionsCm: product.dimensionsCm ?? { length: undefined, breadth: undefined, height: undefined },
    thumbnail: product.thumbnail?._id ?? "",
    gallery: product.gallery.map((media) => media._id),
    options: product.options.map((option) => ({ name: option.name, values: [...option.values] })),
    variants: hasOptions ? product.variants.map((variant) => toRow(variant, product.options)) : [],
  };
}
