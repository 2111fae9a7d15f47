import { useId } from "react";
import { Spinner } from "#web/components/spinner";
import { useCategories } from "#web/lib/categories";

interface CategoryChoiceProps {
  /** The chosen categories' ids. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}

/** The categories a discount code applies to: a checkbox per category of the shop. */
export function CategoryChoice({ value, onChange, error }: CategoryChoiceProps) {
  const id = useId();
  const categories = useCategories();
  const toggle = (categoryId: string, checked: boolean) =>
    onChange(checked ? [...value, categoryId] : value.filter((chosen) => chosen !== categoryId));

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-neutral-800">Categories</legend>
      {categories.isPending ? (
        <div className="py-3 text-brand-600">
          <Spinner className="size-5" label="Loading categories" />
        </div>
      ) : (
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {categories.data?.map((category) => (
            <label
              key={category._id}
              className="flex items-center gap-3 rounded-control px-3 py-2 text-sm text-neutral-800 ring-1 ring-neutral-200 has-checked:bg-brand-50 has-checked:ring-brand-600/40"
            >
              <input
                type="checkbox"
                checked={value.includes(category._id)}
                onChange={(event) => toggle(category._id, event.target.checked)}
                className="size-4 rounded border-neutral-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
              />
              {category.name}
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
