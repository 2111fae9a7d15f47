import { MagnifyingGlassIcon } from "@heroicons/react/20/solid";
import { FolderIcon, PhotoIcon } from "@heroicons/react/24/outline";
import { KEYWORD_MAX } from "@shop/shared/constants";
import { searchTexts } from "@shop/shared/messages";
import { formatPrice } from "@shop/shared/pricing";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { MediaImage } from "#web/components/media-image";
import { cx } from "#web/lib/cx";
import { useSuggestions } from "../api/get-suggestions";
import type { SuggestedCategory, SuggestedProduct, Suggestions } from "../api/search-types";

type Item =
  | { kind: "query"; key: string; to: string; query: string }
  | { kind: "product"; key: string; to: string; product: SuggestedProduct }
  | { kind: "category"; key: string; to: string; category: SuggestedCategory };

export function searchPath(keyword: string): string {
  return `/search?${new URLSearchParams({ keyword }).toString()}`;
}

/** The suggestions in the order the arrow keys walk them: the corrected query, products, categories. */
export function suggestionItems(suggestions: Suggestions | undefined): Item[] {
  if (!suggestions) return [];
  const items: Item[] = [];
  if (suggestions.correction) {
    const query = suggestions.correction;
    items.push({ kind: "query", key: `q:${query}`, to: searchPath(query), query });
  }
  for (const product of suggestions.products) {
    items.push({ kind: "product", key: `p:${product._id}`, to: `/product/${product._id}`, product });
  }
  for (const category of suggestions.categories) {
    items.push({
      kind: "category",
      key: `c:${category.slug}`,
      to: `/product-category/${encodeURIComponent(category.slug)}`,
      category,
    });
  }
  return items;
}

interface SearchComboboxProps {
  /** The keyword the box starts with (the one in the address on /search, or what was typed before). */
  defaultValue: string;
  /** Take the focus on mounting: the box replaces the plain one the shopper is typing in. */
  autoFocus?: boolean;
  className?: string;
}

/**
 * The header's search box with suggestions as you type (the ARIA combobox pattern): the arrow keys
 * walk the suggestions, Enter opens the highlighted one or, with none highlighted, searches for the
 * text; Escape closes the list, and a second Escape clears the box.
 */
export function SearchCombobox({ defaultValue, autoFocus = false, className }: SearchComboboxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value);
  // The list shows what answers the text typed; an emptied box shows none.
  const items = value.trim() ? suggestionItems(suggestions.data) : [];
  const expanded = open && items.length > 0;
  const activeItem = expanded ? items[active] : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mounting, as autoFocus does.
  useEffect(() => {
    const input = inputRef.current;
    if (autoFocus && input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  }, []);

  // New suggestions: nothing highlighted until the arrows ask.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new answer.
  useEffect(() => setActive(-1), [suggestions.data]);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activeItem) return go(activeItem.to);
    go(searchPath(value.trim()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      if (items.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the box, down goes to the first and up to the last; past either end, back to the box.
      setActive((current) => {
        const next = current + step;
        if (current === -1) return step === 1 ? 0 : items.length - 1;
        return next < 0 || next >= items.length ? -1 : next;
      });
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        event.preventDefault();
        setValue("");
      }
    }
  };

  return (
    <search className={className}>
      <form onSubmit={onSubmit} className="relative">
        <label htmlFor={id} className="sr-only">
          Search products
        </label>
        <input
          ref={inputRef}
          id={id}
          name="keyword"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeItem ? `${id}-${activeItem.key}` : undefined}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          maxLength={KEYWORD_MAX}
          placeholder="Search products"
          className="h-10 w-full rounded-control border border-neutral-300 bg-neutral-50 pr-11 pl-3 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-brand-600 focus:bg-white focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600"
        />
        <button
          type="submit"
          aria-label="Search"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-control text-neutral-500 hover:text-brand-700"
        >
          <MagnifyingGlassIcon className="size-5" aria-hidden="true" />
        </button>
        <div
          id={listId}
          role="listbox"
          aria-label={searchTexts.suggestionsLabel}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-control bg-white py-1 shadow-popover ring-1 ring-neutral-200"
        >
          {expanded ? (
            <SuggestionGroups id={id} items={items} active={active} onHover={setActive} onPick={go} />
          ) : null}
        </div>
        <p className="sr-only" aria-live="polite">
          {open && value.trim() && suggestions.data && !suggestions.isPlaceholderData
            ? searchTexts.suggestionCount(items.length)
            : ""}
        </p>
      </form>
    </search>
  );
}

interface GroupsProps {
  id: string;
  items: Item[];
  active: number;
  onHover: (index: number) => void;
  onPick: (to: string) => void;
}

function SuggestionGroups({ id, items, active, onHover, onPick }: GroupsProps) {
  const groups = [
    { label: null, kinds: ["query"] },
    { label: searchTexts.suggestedProducts, kinds: ["product"] },
    { label: searchTexts.suggestedCategories, kinds: ["category"] },
  ] as const;
  return (
    <>
      {groups.map((group) => {
        const members = items
          .map((item, index) => ({ item, index }))
          .filter(({ item }) => (group.kinds as readonly string[]).includes(item.kind));
        if (members.length === 0) return null;
        const options = members.map(({ item, index }) => (
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
        ));
        return group.label ? (
          // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options, not of form fields.
          <div key={group.label} role="group" aria-label={group.label}>
            <div
              aria-hidden="true"
              className="px-3 pt-2 pb-1 text-xs font-semibold text-neutral-500 uppercase"
            >
              {group.label}
            </div>
            {options}
          </div>
        ) : (
          options
        );
      })}
    </>
  );
}

function SuggestionContent({ item }: { item: Item }) {
  if (item.kind === "query") {
    return (
      <>
        <MagnifyingGlassIcon className="size-5 shrink-0 text-neutral-400" aria-hidden="true" />
        <span className="font-medium">{searchTexts.searchFor(item.query)}</span>
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
  const price = product.onSale ? product.salePrice : product.price;
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
      <span className="shrink-0 font-semibold tabular-nums">{formatPrice(price)}</span>
    </>
  );
}
