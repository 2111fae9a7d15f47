import { XMarkIcon } from "@heroicons/react/20/solid";
import { KEYWORD_MAX } from "@shop/shared/constants";
import { empty, errors } from "@shop/shared/messages";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "#web/components/button";
import { controlClass } from "#web/components/field";
import { Spinner } from "#web/components/spinner";
import { productQueryOptions } from "#web/features/dashboard/products/api/get-product";
import { adminProductsQueryOptions } from "#web/features/dashboard/products/api/get-products";
import { errorMessage } from "#web/lib/api";
import { formatPrice } from "#web/lib/money";

/** How long typing pauses before the products are searched. */
const SEARCH_DELAY_MS = 300;
const RESULTS = 8;

interface ProductPickerProps {
  /** The chosen products' ids. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}

/**
 * The products a discount code applies to: a search on the products' names (GET /api/products?keyword=),
 * each result added with a button, and the chosen ones as chips that remove themselves.
 */
export function ProductPicker({ value, onChange, error }: ProductPickerProps) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [keyword, setKeyword] = useState("");
  // Names of the products picked here; a code's saved products are looked up one by one.
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const results = useQuery({
    ...adminProductsQueryOptions("all", { page: 1, size: RESULTS, keyword }),
    enabled: keyword !== "",
    placeholderData: keepPreviousData,
  });
  const unnamed = value.filter((productId) => !names.has(productId));
  const lookups = useQueries({
    queries: unnamed.map((productId) => ({ ...productQueryOptions(productId), retry: false })),
  });
  const nameOf = (productId: string) => {
    const known = names.get(productId);
    if (known) return known;
    const lookup = lookups[unnamed.indexOf(productId)];
    if (lookup?.data) return lookup.data.name;
    return lookup?.isError ? errors.productNotFound : "Loading product...";
  };

  const add = (productId: string, name: string) => {
    setNames((current) => new Map(current).set(productId, name));
    if (!value.includes(productId)) onChange([...value, productId]);
  };
  const remove = (productId: string) => onChange(value.filter((chosen) => chosen !== productId));

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-3">
      <legend className="text-sm font-medium text-neutral-800">Products</legend>
      {value.length > 0 ? (
        <ul aria-label="Chosen products" className="flex flex-wrap gap-2">
          {value.map((productId) => (
            <li
              key={productId}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-700 ring-1 ring-brand-600/20 ring-inset"
            >
              <span className="truncate">{nameOf(productId)}</span>
              <button
                type="button"
                onClick={() => remove(productId)}
                aria-label={`Remove ${nameOf(productId)}`}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-brand-100"
              >
                <XMarkIcon className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-500">No products chosen yet.</p>
      )}
      <div>
        <label htmlFor={`${id}-search`} className="sr-only">
          Search products to add
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={typed}
          maxLength={KEYWORD_MAX}
          placeholder="Search products to add"
          onChange={(event) => setTyped(event.target.value)}
          // Enter searches at once instead of submitting the discount form.
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            setKeyword(typed.trim());
          }}
          className={controlClass(error, "h-10")}
        />
      </div>
      {keyword === "" ? null : results.isPending ? (
        <div className="flex justify-center py-3 text-brand-600">
          <Spinner className="size-5" label="Searching products" />
        </div>
      ) : results.data && results.data.items.length > 0 ? (
        <ul
          aria-label="Products found"
          className="divide-y divide-neutral-100 rounded-control ring-1 ring-neutral-200"
        >
          {results.data.items.map((product) => {
            const chosen = value.includes(product._id);
            return (
              <li key={product._id} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-neutral-900">{product.name}</p>
                  <p className="text-xs text-neutral-500">
                    {product.category.name} ·{" "}
                    {formatPrice(product.onSale ? product.salePrice : product.price)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={chosen}
                  onClick={() => add(product._id, product.name)}
                  aria-label={chosen ? `Added — ${product.name}` : `Add ${product.name}`}
                >
                  {chosen ? "Added" : "Add"}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">
          {results.isError ? errorMessage(results.error) : empty.products}
        </p>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
