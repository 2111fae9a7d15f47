import { MagnifyingGlassIcon } from "@heroicons/react/20/solid";
import { FolderIcon, PhotoIcon } from "@heroicons/react/24/outline";
import { searchNotes, searchTexts } from "@shop/shared/messages";
import type { SearchSuggestionsDto } from "@shop/shared/schemas/product";
import { useLayoutEffect, useMemo, useRef } from "react";
import { MediaImage } from "#web/components/media-image";
import { cx } from "#web/lib/cx";
import { formatPrice } from "#web/lib/money";
import { useSuggestions } from "../api/get-suggestions";

/** One suggestion, where it leads, and what it shows. */
type SuggestedProduct = SearchSuggestionsDto["products"][number];
type SuggestedCategory = SearchSuggestionsDto["categories"][number];

export type Suggestion =
  | { kind: "query"; key: string; to: string; query: string }
  | { kind: "product"; key: string; to: string; product: SuggestedProduct }
  | { kind: "category"; key: string; to: string; category: SuggestedCategory };

const NONE: readonly Suggestion[] = [];

/** The suggestions in the order the arrow keys walk them: the corrected query, products, categories. */
export function suggestionItems(suggestions: SearchSuggestionsDto | undefined): readonly Suggestion[] {
  if (!suggestions) return NONE;
  const items: Suggestion[] = [];
  if (suggestions.correction) {
    const query = suggestions.correction;
    items.push({
      kind: "query",
      key: "query",
      to: `/search?${new URLSearchParams({ keyword: query })}`,
      query,
    });
  }
  for (const product of suggestions.products) {
    items.push({ kind: "product", key: `p-${product._id}`, to: `/product/${product._id}`, product });
  }
  for (const category of suggestions.categories) {
    items.push({
      kind: "category",
      key: `c-${category._id}`,
      to: `/product-category/${encodeURIComponent(category.slug)}`,
      category,
    });
  }
  return items;
}

interface SuggestionListProps {
  /** The box's id: each option's id is made from it, for its aria-activedescendant. */
  id: string;
  listId: string;
  typed: string;
  open: boolean;
  active: number;
  /** Told what the list holds whenever that changes, for the box's arrow keys. */
  onItems: (items: readonly Suggestion[]) => void;
  onHover: (index: number) => void;
  onPick: (to: string) => void;
}

const GROUPS = [
  { kind: "query", label: null },
  { kind: "product", label: searchTexts.suggestedProducts },
  { kind: "category", label: searchTexts.suggestedCategories },
] as const;

/** The header box's listbox of suggestions for what is typed, asked for once typing pauses. */
export function SuggestionList({
  id,
  listId,
  typed,
  open,
  active,
  onItems,
  onHover,
  onPick,
}: SuggestionListProps) {
  const suggestions = useSuggestions(typed);
  // An emptied box suggests nothing.
  const empty = typed.trim() === "";
  const items = useMemo(() => (empty ? NONE : suggestionItems(suggestions.data)), [empty, suggestions.data]);
  const expanded = open && items.length > 0;

  const report = useRef(onItems);
  report.current = onItems;
  // Told before the browser paints, so that an arrow key pressed at once walks the items shown.
  useLayoutEffect(() => report.current(items), [items]);

  const option = (item: Suggestion, index: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the box's (aria-activedescendant); an option never has the focus.
    <div
      key={item.key}
      id={`${id}-${item.key}`}
      role="option"
      aria-selected={index === active}
      tabIndex={-1}
      // NOTE: pressing must not take the focus from the box first (its blur closes the list).
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={() => onHover(index)}
      onClick={() => onPick(item.to)}
      className={cx(
        "flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-neutral-800",
        index === active && "bg-brand-50 text-brand-800",
      )}
    >
      <SuggestionContent item={item} />
    </div>
  );

  return (
    <>
      <div
        id={listId}
        role="listbox"
        aria-label={searchTexts.suggestionsLabel}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-control bg-white py-1 shadow-popover ring-1 ring-neutral-200"
      >
        {expanded
          ? GROUPS.map(({ kind, label }) => {
              const members = items.flatMap((item, index) =>
                item.kind === kind ? [option(item, index)] : [],
              );
              if (members.length === 0) return null;
              if (!label) return members;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options, not of form fields.
                <div key={kind} role="group" aria-label={label}>
                  <div
                    aria-hidden="true"
                    className="px-3 pt-2 pb-1 text-xs font-semibold text-neutral-500 uppercase"
                  >
                    {label}
                  </div>
                  {members}
                </div>
              );
            })
          : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {open && typed.trim() && suggestions.data && !suggestions.isPlaceholderData
          ? searchTexts.suggestionCount(items.length)
          : ""}
      </p>
    </>
  );
}

function SuggestionContent({ item }: { item: Suggestion }) {
  if (item.kind === "query") {
    return (
      <>
        <MagnifyingGlassIcon className="size-5 shrink-0 text-neutral-400" aria-hidden="true" />
        <span className="font-medium">{searchNotes.didYouMean(item.query)}</span>
      </>
    );
  }
  if (item.kind === "category") {
    return (
      <>
        <FolderIcon className="size-5 shrink-0 text-neutral-400" aria-hidden="true" />
        <span>{item.category.name}</span>
      </>
    );
  }
  const { product } = item;
  return (
    <>
      <span className="size-10 shrink-0 overflow-hidden rounded bg-neutral-100">
        {product.thumbnail ? (
          <MediaImage media={product.thumbnail} alt="" sizes="40px" className="size-full object-cover" />
        ) : (
          <PhotoIcon className="size-full p-2 text-neutral-300" aria-hidden="true" />
        )}
      </span>
      <span className="min-w-0 flex-1 truncate">{product.name}</span>
      <span className="shrink-0 font-semibold tabular-nums">
        {formatPrice(product.onSale ? product.salePrice : product.price)}
      </span>
    </>
  );
}
