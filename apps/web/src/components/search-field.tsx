import { MagnifyingGlassIcon } from "@heroicons/react/20/solid";
import { KEYWORD_MAX } from "@shop/shared/constants";
import { type FormEvent, useId } from "react";
import { cx } from "../lib/cx";

interface SearchFieldProps {
  /** Names the box for screen readers and is its placeholder, e.g. "Search orders". */
  label: string;
  /** The submit button's name; the label by default. */
  buttonLabel?: string;
  /** The keyword the box shows: the one in the address, so back, forward and shared links show it too. */
  defaultValue: string;
  /** Called with the trimmed keyword when the box is submitted (Enter or the button). */
  onSearch: (keyword: string) => void;
  /** "muted" on the storefront header's grey bar; white elsewhere. */
  tone?: "plain" | "muted";
  className?: string;
}

/** A keyword box with its search button: the header's product search and every dashboard list's filter. */
export function SearchField({
  label,
  buttonLabel = label,
  defaultValue,
  onSearch,
  tone = "plain",
  className,
}: SearchFieldProps) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get("keyword") ?? "").trim());
  };
  return (
    <search className={className}>
      <form onSubmit={onSubmit} className="relative">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          // Remount when the keyword in the address changes (back button, a shared link).
          key={defaultValue}
          id={id}
          name="keyword"
          type="search"
          defaultValue={defaultValue}
          maxLength={KEYWORD_MAX}
          placeholder={label}
          className={cx(
            "h-10 w-full rounded-control border border-neutral-300 pr-11 pl-3 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600",
            tone === "muted" ? "bg-neutral-50 focus:bg-white" : "bg-white",
          )}
        />
        <button
          type="submit"
          aria-label={buttonLabel}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-control text-neutral-500 hover:text-brand-700"
        >
          <MagnifyingGlassIcon className="size-5" aria-hidden="true" />
        </button>
      </form>
    </search>
  );
}
