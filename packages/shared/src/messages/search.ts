/** The storefront's search: its field, suggestions and results. */

/** The storefront's search, sort and filters (the search, category and sale pages, the header's box). */
export const searchTexts = {
  sortLabel: "Sort by",
  sorts: {
    relevance: "Relevance",
    newest: "Newest",
    "price-asc": "Price: low to high",
    "price-desc": "Price: high to low",
    rating: "Customer rating",
    "best-selling": "Best selling",
  },
  filters: "Filters",
  /** The phone's button that opens the filter drawer, with how many filters are on. */
  showFilters: (active: number) => (active > 0 ? `Filters (${active})` : "Filters"),
  closeFilters: "Close filters",
  /** The drawer's button that closes it, with how many products the filters show once known. */
  showResults: (total?: number) =>
    total === undefined ? "Show results" : `Show ${total} ${total === 1 ? "result" : "results"}`,
  activeFilters: "Active filters",
  clearAll: "Clear all",
  /** A chip's name for screen readers, starting with its visible words: its button takes the filter off. */
  removeFilter: (label: string) => `${label} — remove filter`,
  category: "Category",
  price: "Price",
  /** The price filter's boxes, with the sign of the shop's currency: "Min price (₹)". */
  minPrice: (symbol: string) => `Min price (${symbol})`,
  maxPrice: (symbol: string) => `Max price (${symbol})`,
  applyPrice: "Apply price",
  /** The price filter's chip, its bounds written in the shop's currency: "₹20 – ₹40", "Up to ₹40". */
  priceRange: (min: string | null, max: string | null) =>
    min !== null && max !== null ? `${min} – ${max}` : min !== null ? `From ${min}` : `Up to ${max}`,
  availability: "Availability",
  inStock: "In stock",
  onSale: "On sale",
  rating: "Rating",
  anyRating: "Any rating",
  ratingAtLeast: (stars: number) => `${stars} stars & up`,
  /** A value's count for screen readers, beside the visible number. */
  resultCount: (count: number) => `${count} ${count === 1 ? "product" : "products"}`,
  suggestionsLabel: "Suggestions",
  suggestedProducts: "Products",
  suggestedCategories: "Categories",
  /** Read out (politely) when the suggestions change. */
  suggestionCount: (count: number) =>
    count === 0 ? "No suggestions." : `${count} ${count === 1 ? "suggestion" : "suggestions"} available.`,
} as const;

/** What a search results page says about the query it answered. */
export const searchNotes = {
  /** No product matched every word: words were dropped from the end until some matched. */
  fallback: (from: string, to: string) => `No results for "${from}". Showing results for "${to}".`,
  /** The suggestions box's line for a corrected query. */
  didYouMean: (query: string) => `Did you mean "${query}"?`,
} as const;
