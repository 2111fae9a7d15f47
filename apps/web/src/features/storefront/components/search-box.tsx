import { MagnifyingGlassIcon } from "@heroicons/react/20/solid";
import { KEYWORD_MAX } from "@shop/shared/constants";
import { type FormEvent, useId } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

/** The header's search: submits to /search?keyword=, and shows the current keyword on that page. */
export function SearchBox({ className }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = pathname === "/search" ? (searchParams.get("keyword") ?? "") : "";

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get("keyword") ?? "").trim();
    navigate(`/search?${new URLSearchParams({ keyword }).toString()}`);
  };

  return (
    <search className={className}>
      <form onSubmit={onSubmit} className="relative">
        <label htmlFor={id} className="sr-only">
          Search products
        </label>
        <input
          // Remount when the keyword in the address changes so the box shows it.
          key={current}
          id={id}
          name="keyword"
          type="search"
          defaultValue={current}
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
      </form>
    </search>
  );
}
