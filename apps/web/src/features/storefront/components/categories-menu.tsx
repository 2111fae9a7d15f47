import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { ChevronDownIcon, Squares2X2Icon } from "@heroicons/react/20/solid";

// NOTE: the category list (name, product count, link) arrives with the catalog issue; until then the
// dropdown says so instead of inventing categories.
const PENDING_NOTE = "Shop categories will be listed here.";

/** The header's categories dropdown (desktop). */
export function CategoriesMenu() {
  return (
    <Popover className="relative">
      <PopoverButton className="inline-flex h-10 items-center gap-1 rounded-control px-3 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 data-open:bg-neutral-100">
        Categories
        <ChevronDownIcon className="size-4 text-neutral-500" aria-hidden="true" />
      </PopoverButton>
      <PopoverPanel
        transition
        className="absolute left-0 z-50 mt-2 w-72 rounded-card bg-white p-4 shadow-popover ring-1 ring-neutral-200 transition duration-150 data-closed:translate-y-1 data-closed:opacity-0"
      >
        <p className="flex items-start gap-3 text-sm text-neutral-600">
          <Squares2X2Icon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
          {PENDING_NOTE}
        </p>
      </PopoverPanel>
    </Popover>
  );
}

/** The same list inside the small-screen menu. */
export function CategoriesList() {
  return <p className="px-3 py-2 text-sm text-neutral-500">{PENDING_NOTE}</p>;
}
