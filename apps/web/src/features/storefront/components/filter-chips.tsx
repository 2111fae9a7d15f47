import { XMarkIcon } from "@heroicons/react/20/solid";
import { searchTexts } from "@shop/shared/messages";
import type { ProductFacets } from "@shop/shared/schemas/product";
import { formatTypedPrice } from "#web/lib/money";
import type { ProductFilters } from "../product-filters";

interface Chip {
  key: string;
  label: string;
  remove: (filters: ProductFilters) => ProductFilters;
}

/** One chip per filter that is on, each taking off just that filter. */
export function filterChips(filters: ProductFilters, facets: ProductFacets | undefined): Chip[] {
  const chips: Chip[] = [];
  for (const slug of filters.category) {
    const name = facets?.categories.find((c) => c.slug === slug)?.name ?? slug;
    chips.push({
      key: `category:${slug}`,
      label: name,
      remove: (f) => ({ ...f, category: f.category.filter((s) => s !== slug) }),
    });
  }
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    chips.push({
      key: "price",
      label: searchTexts.priceRange(
        filters.minPrice === null ? null : formatTypedPrice(filters.minPrice),
        filters.maxPrice === null ? null : formatTypedPrice(filters.maxPrice),
      ),
      remove: (f) => ({ ...f, minPrice: null, maxPrice: null }),
    });
  }
  if (filters.inStock) {
    chips.push({ key: "inStock", label: searchTexts.inStock, remove: (f) => ({ ...f, inStock: false }) });
  }
  if (filters.onSale) {
    chips.push({ key: "onSale", label: searchTexts.onSale, remove: (f) => ({ ...f, onSale: false }) });
  }
  if (filters.rating !== null) {
    chips.push({
      key: "rating",
      label: searchTexts.ratingAtLeast(filters.rating),
      remove: (f) => ({ ...f, rating: null }),
    });
  }
  for (const [name, values] of Object.entries(filters.options)) {
    for (const value of values) {
      chips.push({
        key: `option:${name}:${value}`,
        label: `${name}: ${value}`,
        remove: (f) => {
          const rest = (f.options[name] ?? []).filter((v) => v !== value);
          const options = { ...f.options };
          if (rest.length > 0) options[name] = rest;
          else delete options[name];
          return { ...f, options };
        },
      });
    }
  }
  return chips;
}

interface FilterChipsProps {
  filters: ProductFilters;
  facets: ProductFacets | undefined;
  setFilters: (change: (filters: ProductFilters) => ProductFilters) => void;
  clearFilters: () => void;
}

/** The filters that are on, as chips that take them off, and "Clear all". Nothing when none is on. */
export function FilterChips({ filters, facets, setFilters, clearFilters }: FilterChipsProps) {
  const chips = filterChips(filters, facets);
  if (chips.length === 0) return null;
  return (
    <section aria-label={searchTexts.activeFilters} className="mb-4 flex flex-wrap items-center gap-2">
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => setFilters(chip.remove)}
              aria-label={searchTexts.removeFilter(chip.label)}
              className="inline-flex h-8 items-center gap-1 rounded-full bg-brand-50 pr-2 pl-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
            >
              {chip.label}
              <XMarkIcon className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={clearFilters}
        className="h-8 rounded px-2 text-sm font-medium text-neutral-700 underline underline-offset-2 hover:text-neutral-900"
      >
        {searchTexts.clearAll}
      </button>
    </section>
  );
}
