/**
 * What the category dialogs hold while they are filled in. The GST rate is unset while "Other…"
 * waits for one; the forms' schemas then require it, where the API's take it as optional (Add
 * Category) or null (the tax dialog).
 */
import { CategoryInput, CategoryTaxInput } from "@shop/shared/schemas/category";
import { TaxRate } from "@shop/shared/schemas/settings";
import type { Path } from "react-hook-form";
import { z } from "zod";
import { type GstFormState, isGstField } from "#web/features/dashboard/components/gst-fields";

/** A category's rate (or rate by price) and HSN code as the dialogs hold them (null: the shop's default). */
export type CategoryTaxFormState = GstFormState & {
  /** The HSN code's description; null: its chapter's name. */
  hsnDescription?: string | null;
};

export type CategoryFormState = Pick<CategoryInput, "name" | "slug"> & CategoryTaxFormState;

/** The fields a refusal from the server may name (lib/form-errors.ts), a slab's included. */
export function isCategoryField(path: string): path is Path<CategoryFormState> {
  return path === "name" || path === "slug" || isGstField(path);
}
export const isCategoryTaxField = (path: string): path is Path<CategoryTaxFormState> =>
  path === "hsnDescription" || isGstField(path);

/** Add Category: a new category's rate and code are its own or null (the shop's). */
export const categoryFormSchema: z.ZodType<CategoryInput, CategoryFormState> = z
  .custom<CategoryFormState>()
  .transform((state): unknown => state)
  .pipe(CategoryInput.extend({ taxRate: TaxRate.nullable() }));

export const categoryTaxFormSchema: z.ZodType<CategoryTaxInput, CategoryTaxFormState> = z
  .custom<CategoryTaxFormState>()
  .transform((state): unknown => state)
  .pipe(CategoryTaxInput);
