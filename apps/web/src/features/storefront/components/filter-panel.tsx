import { RATING_STEPS } from "@shop/shared/constants";
import { searchTexts } from "@shop/shared/messages";
import { compareOptionValues } from "@shop/shared/option-order";
import type { ProductFacets } from "@shop/shared/schemas/product";
import { type FormEvent, type ReactNode, useId } from "react";
import { Skeleton } from "#web/components/skeleton";
import { cx } from "#web/lib/cx";
import { useCurrencySymbol } from "#web/lib/money";
import { type ProductFilters, toggle } from "../product-filters";

export interface FilterPanelProps {
  /** The counts for the current query; undefined while the first answer loads. */
  facets: ProductFacets | undefined;
  /** The first answer is on its way: placeholders stand where the filters will be. */
  loading: boolean;
  filters: ProductFilters;
  setFilters: (change: (filters: ProductFilters) => ProductFilters) => void;
  /** The category filter: on the search and sale pages, not on a category's own page. */
  showCategories: boolean;
  /** The on-sale filter: not on the sale page, where every product is on sale. */
  showOnSale: boolean;
}

const checkClass =
  "size-4 shrink-0 rounded border-neutral-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50";

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-neutral-200 py-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-2 w-full text-sm font-semibold text-neutral-900">{legend}</legend>
      <div className="clear-both space-y-1">{children}</div>
    </fieldset>
  );
}

interface ChoiceProps {
  type: "checkbox" | "radio";
  name: string;
  label: string;
  /** How many products the choice would show; none for "Any rating". */
  count?: number;
  checked: boolean;
  onChange: () => void;
}

/** A checkbox or radio with its label and, at the end of the row, how many products it would show. */
function Choice({ type, name, label, count, checked, onChange }: ChoiceProps) {
  const empty = count === 0 && !checked;
  return (
    <label
      className={cx(
        "flex min-h-9 cursor-pointer items-center gap-2.5 rounded px-1 text-sm",
        empty ? "cursor-default text-neutral-400" : "text-neutral-700 hover:bg-neutral-50",
      )}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        onChange={onChange}
        disabled={empty}
        className={checkClass}
      />
      <span className="min-w-0 flex-1 break-words">{label}</span>
      {count === undefined ? null : (
        <>
          {/* NOTE: the spaces keep the name "Shoes (2 products)", not "Shoes(2 products)". */}{" "}
          <span className="text-xs text-neutral-500 tabular-nums" aria-hidden="true">
            {count}
          </span>{" "}
          <span className="sr-only">({searchTexts.resultCount(count)})</span>
        </>
      )}
    </label>
  );
}

/** Values the facets list, then any chosen value the current query no longer has (count 0). */
function withChosen<T extends { count: number }>(
  listed: T[],
  chosen: string[],
  key: (item: T) => string,
  make: (value: string) => T,
): T[] {
  const known = new Set(listed.map(key));
  return [...listed, ...chosen.filter((value) => !known.has(value)).map(make)];
}

function PriceFilter({
  facets,
  filters,
  setFilters,
}: Pick<FilterPanelProps, "facets" | "filters" | "setFilters">) {
  const id = useId();
  const symbol = useCurrencySymbol();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => {
      const text = String(form.get(name) ?? "").trim();
      const value = Number(text);
      return text === "" || !Number.isFinite(value) || value < 0 ? null : value;
    };
    let minPrice = read("minPrice");
    let maxPrice = read("maxPrice");
    if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
      [minPrice, maxPrice] = [maxPrice, minPrice];
    setFilters((current) => ({ ...current, minPrice, maxPrice }));
  };
  const min = facets?.price.min ?? null;
  const max = facets?.price.max ?? null;
  return (
    // Remount when the address's bounds change, so the boxes show them (back button, a chip removed).
    <form key={`${filters.minPrice}-${filters.maxPrice}`} onSubmit={onSubmit} className="space-y-2">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-min`} className="block text-xs text-neutral-600">
            {searchTexts.minPrice(symbol)}
          </label>
          <input
            id={`${id}-min`}
            name="minPrice"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            defaultValue={filters.minPrice ?? ""}
            placeholder={min === null ? undefined : String(Math.floor(min))}
            className="mt-1 h-9 w-full rounded-control border border-neutral-300 px-2 text-sm focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600"
          />
        </div>
        <span className="pb-2 text-neutral-400" aria-hidden="true">
          –
        </span>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-max`} className="block text-xs text-neutral-600">
            {searchTexts.maxPrice(symbol)}
          </label>
          <input
            id={`${id}-max`}
            name="maxPrice"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            defaultValue={filters.maxPrice ?? ""}
            placeholder={max === null ? undefined : String(Math.ceil(max))}
            className="mt-1 h-9 w-full rounded-control border border-neutral-300 px-2 text-sm focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600"
          />
        </div>
      </div>
      <button
        type="submit"
        className="h-9 w-full rounded-control bg-white text-sm font-medium text-neutral-800 ring-1 ring-neutral-300 ring-inset hover:bg-neutral-50"
      >
        {searchTexts.applyPrice}
      </button>
    </form>
  );
}

function PanelSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-6">
      {[5, 3, 2, 3].map((rows, section) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={section} className="space-y-3">
          <Skeleton className="h-4 w-24" />
          {Array.from({ length: rows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={row} className="h-5 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The filters of a product list, each value with how many products it would show (the other
 * filters applied). Every change goes to the address (../product-filters.ts) and back to page 1.
 */
export function FilterPanel({
  facets,
  loading,
  filters,
  setFilters,
  showCategories,
  showOnSale,
}: FilterPanelProps) {
  const id = useId();
  // Without facets (a failed list), the error beside it says it all.
  if (!facets) return loading ? <PanelSkeleton /> : null;
  const categories = withChosen(
    facets.categories,
    filters.category,
    (c) => c.slug,
    (slug) => ({ slug, name: slug, count: 0 }),
  );
  const optionNames = [...new Set([...Object.keys(facets.options), ...Object.keys(filters.options)])];
  return (
    <div>
      {showCategories && categories.length > 0 ? (
        <Section legend={searchTexts.category}>
          {categories.map((category) => (
            <Choice
              key={category.slug}
              type="checkbox"
              name="category"
              label={category.name}
              count={category.count}
              checked={filters.category.includes(category.slug)}
              onChange={() => setFilters((f) => ({ ...f, category: toggle(f.category, category.slug) }))}
            />
          ))}
        </Section>
      ) : null}

      <Section legend={searchTexts.price}>
        <PriceFilter facets={facets} filters={filters} setFilters={setFilters} />
      </Section>

      <Section legend={searchTexts.availability}>
        <Choice
          type="checkbox"
          name="inStock"
          label={searchTexts.inStock}
          count={facets.inStock}
          checked={filters.inStock}
          onChange={() => setFilters((f) => ({ ...f, inStock: !f.inStock }))}
        />
        {showOnSale ? (
          <Choice
            type="checkbox"
            name="onSale"
            label={searchTexts.onSale}
            count={facets.onSale}
            checked={filters.onSale}
            onChange={() => setFilters((f) => ({ ...f, onSale: !f.onSale }))}
          />
        ) : null}
      </Section>

      <Section legend={searchTexts.rating}>
        <Choice
          type="radio"
          name={`${id}-rating`}
          label={searchTexts.anyRating}
          checked={filters.rating === null}
          onChange={() => setFilters((f) => ({ ...f, rating: null }))}
        />
        {RATING_STEPS.map((floor) => (
          <Choice
            key={floor}
            type="radio"
            name={`${id}-rating`}
            label={searchTexts.ratingAtLeast(floor)}
            count={facets.rating.find((r) => r.atLeast === floor)?.count ?? 0}
            checked={filters.rating === floor}
            onChange={() => setFilters((f) => ({ ...f, rating: floor }))}
          />
        ))}
      </Section>

      {optionNames.map((name) => {
        const chosen = filters.options[name] ?? [];
        // Counted most first by the API; read in the option's own order (sizes small to large).
        const values = withChosen(
          facets.options[name] ?? [],
          chosen,
          (v) => v.value,
          (value) => ({ value, count: 0 }),
        ).sort((a, b) => compareOptionValues(a.value, b.value));
        return (
          <Section key={name} legend={name}>
            {values.map((option) => (
              <Choice
                key={option.value}
                type="checkbox"
                name={name}
                label={option.value}
                count={option.count}
                checked={chosen.includes(option.value)}
                onChange={() =>
                  setFilters((f) => ({
                    ...f,
                    options: withValues(f.options, name, toggle(f.options[name] ?? [], option.value)),
                  }))
                }
              />
            ))}
          </Section>
        );
      })}
    </div>
  );
}

function withValues(options: Record<string, string[]>, name: string, values: string[]) {
  const next = { ...options };
  if (values.length > 0) next[name] = values;
  else delete next[name];
  return next;
}
