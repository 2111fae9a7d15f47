/**
 * The search answers' shapes as the storefront reads them: the facets beside a list's paging, the
 * dropped-word fallback, and the suggestions. NOTE: written out here until @shop/shared has the
 * API's own schemas for them; replace these with the shared ones then.
 */
import type { ListMeta } from "@shop/shared/api";
import type { MediaDto } from "@shop/shared/schemas/media";
import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import type { ListParams } from "#web/lib/query-keys";

export interface FacetCount {
  count: number;
}

/** What the current query would show with each value chosen, the other filters applied. */
export interface SearchFacets {
  categories: (FacetCount & { slug: string; name: string })[];
  /** The lowest and highest price a shopper pays among the matches; null when nothing matches. */
  price: { min: number | null; max: number | null };
  rating: (FacetCount & { atLeast: number })[];
  options: Record<string, (FacetCount & { value: string })[]>;
  inStock: number;
  onSale: number;
}

/** The words the search kept when the whole query matched nothing. */
export interface SearchFallback {
  /** The query as asked ("blue shirt"). */
  from: string;
  /** The words the results are for ("shirt"). */
  to: string;
}

export interface SearchMeta extends ListMeta {
  facets?: SearchFacets;
  fallback?: SearchFallback;
}

export interface SuggestedProduct {
  _id: string;
  name: string;
  thumbnail: MediaDto | null;
  price: number;
  onSale: boolean;
  salePrice: number;
}

export interface SuggestedCategory {
  _id: string;
  slug: string;
  name: string;
}

/** GET /api/search/suggest?q=: a few products and categories, and the query corrected when it has a typo. */
export interface Suggestions {
  products: SuggestedProduct[];
  categories: SuggestedCategory[];
  correction: string | null;
}

/** A page of products with the search's meta. */
export interface SearchList {
  items: ProductSummaryDto[];
  meta: SearchMeta;
}

/** A storefront list's parameters: paging and keyword, and the sort and filters as the API takes them. */
export interface CatalogParams extends ListParams {
  filters?: Readonly<Record<string, string | number | boolean | readonly string[]>>;
}

/** The API query of a list: page, size, keyword, and the sort and filters spread beside them. */
export function listQuery({ filters, ...params }: CatalogParams) {
  return { ...params, ...filters };
}
