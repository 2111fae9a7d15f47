import type { ProductListMeta, ProductSummaryDto } from "@shop/shared/schemas/product";
import type { ListParams } from "#web/lib/query-keys";

/** A storefront list's parameters: paging and keyword, and the sort and filters as the API takes them. */
export interface CatalogParams extends ListParams {
  filters?: Readonly<Record<string, string | number | boolean | readonly string[]>>;
}

/** A page of products with its facets and, for a keyword, the words the results are for. */
export interface ProductList {
  items: ProductSummaryDto[];
  meta: ProductListMeta;
}

/** The API query of a list: page, size, keyword, and the sort and filters spread beside them. */
export function listQuery({ filters, ...params }: CatalogParams) {
  return { ...params, ...filters };
}
