/**
 * A product's GST rate by price as pricing reads it: its own slabs, none when it has its own flat
 * rate, else its category's (which win over the category's flat rate). Shared by the order's
 * placement (modules/orders/repo.ts) and cash on delivery's repricing of an order's lines
 * (modules/cod/repo.ts), which must read it alike.
 */
import type { TaxSlab } from "@shop/shared/pricing";
import { sql } from "drizzle-orm";
import { products } from "./schema/products";

export const productTaxSlabs = sql<
  TaxSlab[] | null
>`case when ${products.taxSlabs} is not null then ${products.taxSlabs}
      when ${products.taxRate} is not null then null
      else (select c.tax_slabs from categories c where c.id = ${products.categoryId}) end`.mapWith(
  products.taxSlabs,
);
