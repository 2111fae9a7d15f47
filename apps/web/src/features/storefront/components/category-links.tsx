import { empty } from "@shop/shared/messages";
import type { CategoryDto } from "@shop/shared/schemas/category";
import { NavLink } from "react-router";
import { Skeleton } from "#web/components/skeleton";
import { errorMessage } from "#web/lib/api";
import { useCategories } from "#web/lib/categories";
import { cx } from "#web/lib/cx";

export function CountBadge({ count }: { count: number }) {
  return (
    <span className="ml-auto rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-600 tabular-nums">
      {count}
      <span className="sr-only"> {count === 1 ? "product" : "products"}</span>
    </span>
  );
}

export function categoryPath(category: CategoryDto) {
  return `/product-category/${category.slug}`;
}

/** The list's states: skeleton rows while loading, the server's message on failure. */
export function CategoriesState({ rows = 4 }: { rows?: number }) {
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
        {errorMessage(categories.error)}
      </p>
    );
  }
  if (categories.data.length === 0) {
    return <p className="px-3 py-2 text-sm text-neutral-500">{empty.categories}</p>;
  }
  return null;
}

/** The categories inside the small-screen menu: each one's name, product count and link. */
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
