import { MagnifyingGlassIcon } from "@heroicons/react/20/solid";
import { KEYWORD_MAX } from "@shop/shared/constants";
import { type FormEvent, useId } from "react";

interface ListSearchProps {
  keyword: string;
  onSearch: (keyword: string) => void;
  /** What the box searches, e.g. "orders"; names the box for screen readers. */
  label: string;
}

/** The keyword box above every dashboard list; the keyword lives in the address (lib/list-params.ts). */
export function ListSearch({ keyword, onSearch, label }: ListSearchProps) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get("keyword") ?? ""));
  };
  return (
    <search className="w-full sm:max-w-xs">
      <form onSubmit={onSubmit} className="relative">
        <label htmlFor={id} className="sr-only">
          Search {label}
        </label>
        <input
          // Remount when the keyword in the address changes (back button, a shared link).
          key={keyword}
          id={id}
          name="keyword"
          type="search"
          defaultValue={keyword}
          maxLength={KEYWORD_MAX}
          placeholder={`Search ${label}`}
          className="h-10 w-full rounded-control border border-neutral-300 bg-white pr-11 pl-3 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600"
        />
        <button
          type="submit"
          aria-label={`Search ${label}`}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-control text-neutral-500 hover:text-brand-700"
        >
          <MagnifyingGlassIcon className="size-5" aria-hidden="true" />
        </button>
      </form>
    </search>
  );
}
