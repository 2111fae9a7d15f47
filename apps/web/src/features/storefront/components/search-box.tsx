import { MagnifyingGlassIcon } from "@heroicons/react/20/solid";
import { KEYWORD_MAX } from "@shop/shared/constants";
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useId, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { Suggestion } from "./suggestion-list";

// The suggestions (their query, list and pictures) are fetched on the box's first focus.
const SuggestionList = lazy(() => import("./suggestion-list").then((m) => ({ default: m.SuggestionList })));

export function searchPath(keyword: string): string {
  return `/search?${new URLSearchParams({ keyword }).toString()}`;
}

/**
 * The header's search box with suggestions as you type (the ARIA combobox pattern): the arrow keys
 * walk the suggestions, Enter opens the highlighted one or, with none highlighted, goes to
 * /search?keyword=; Escape closes the list, and a second Escape empties the box.
 */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = pathname === "/search" ? (searchParams.get("keyword") ?? "") : "";
  return (
    // Starts again from the keyword in the address when it changes (back button, a shared link).
    <SearchCombobox key={current} defaultValue={current} navigate={navigate} className={className} />
  );
}

interface SearchComboboxProps {
  defaultValue: string;
  navigate: (to: string) => void;
  className?: string;
}

function SearchCombobox({ defaultValue, navigate, className }: SearchComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [value, setValue] = useState(defaultValue);
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // What the list shows, as it reports it: the arrow keys walk these.
  const [items, setItems] = useState<readonly Suggestion[]>([]);
  const expanded = open && items.length > 0;
  const activeItem = expanded ? items[active] : undefined;

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(activeItem ? activeItem.to : searchPath(value.trim()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the box, down goes to the first and up to the last; past either end, back to the box.
      setActive((now) => {
        if (now === -1 || !open) return step === 1 ? 0 : items.length - 1;
        const next = now + step;
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
          id={id}
          name="keyword"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={used ? listId : undefined}
          aria-activedescendant={activeItem ? `${id}-${activeItem.key}` : undefined}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setUsed(true);
            setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
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
        {used ? (
          <Suspense fallback={null}>
            <SuggestionList
              id={id}
              listId={listId}
              typed={value}
              open={open}
              active={active}
              onItems={(next) => {
                setItems(next);
                setActive(-1);
              }}
              onHover={setActive}
              onPick={go}
            />
          </Suspense>
        ) : null}
      </form>
    </search>
  );
}
