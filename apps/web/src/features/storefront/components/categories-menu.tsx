import { CloseButton, Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { ChevronDownIcon } from "@heroicons/react/20/solid";
import { empty } from "@shop/shared/messages";
import type { CategoryDto } from "@shop/shared/schemas/category";
import { Link, NavLink } from "react-router";
import { Skeleton } from "../../../components/skeleton";
import { cx } from "../../../lib/cx";
import { useCategories } from "../api/get-categories";

function CountBadge({ count }: { count: number }) {
  return (
    <span className="ml-auto rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-600 tabular-nums">
      {count}
      <span className="sr-only"> {count === 1 ? "product" : "products"}</span>
    </span>
  );
}

function categoryPath(category: CategoryDto) {
  return `/product-category/${category.slug}`;
}

/** The list's states: skeleton rows while loading, the server's message on failure. */
function CategoriesState({ rows = 4 }: { rows?: number }) {
  const categories = useCategories();
  if (categories.isPending) {
    return (
      <div className="space-y-2 px-3 py-2" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={index} className="h-5 w-full" />
        ))}
      </div>
    );
  }
  if (categories.isError) {
    return (
      <p role="alert" className="px-3 py-2 text-sm text-danger-700">
        {categories.error.message}
      </p>
    );
  }
  if (categories.data.length === 0) {
    return <p className="px-3 py-2 text-sm text-neutral-500">{empty.categories}</p>;
  }
  return null;
}

/** The header's categories dropdown (SPEC section 2): each category's name, product count and link. */
export function CategoriesMenu() {
  const categories = useCategories();
  return (
    <Popover className="relative">
      <PopoverButton className="inline-flex h-10 items-center gap-1 rounded-control px-3 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 data-open:bg-neutral-100">
        Categories
        <ChevronDownIcon className="size-4 text-neutral-500" aria-hidden="true" />
      </PopoverButton>
      <PopoverPanel
        transition
        className="absolute left-0 z-50 mt-2 w-72 rounded-card bg-white p-2 shadow-popover ring-1 ring-neutral-200 transition duration-150 data-closed:translate-y-1 data-closed:opacity-0"
      >
        <CategoriesState />
        {categories.data ? (
          <ul>
            {categories.data.map((category) => (
              <li key={category._id}>
                <CloseButton
                  as={Link}
                  to={categoryPath(category)}
                  className="flex items-center gap-3 rounded-control px-3 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100 hover:text-neutral-900"
                >
                  {category.name}
                  <CountBadge count={category.count} />
                </CloseButton>
              </li>
            ))}
          </ul>
        ) : null}
      </PopoverPanel>
    </Popover>
  );
}

/** The same list inside the small-screen menu. */
export function CategoriesList() {
  const categories = useCategories();
  return (
    <>
      <CategoriesState rows={3} />
      {categories.data?.map((category) => (
        <NavLink
          key={category._id}
          to={categoryPath(category)}
          className={({ isActive }) =>
            cx(
              "flex items-center gap-3 rounded-control px-3 py-2 text-base font-medium",
              isActive ? "bg-brand-50 text-brand-700" : "text-neutral-800 hover:bg-neutral-100",
            )
          }
        >
          {category.name}
          <CountBadge count={category.count} />
        </NavLink>
      ))}
    </>
  );
}
