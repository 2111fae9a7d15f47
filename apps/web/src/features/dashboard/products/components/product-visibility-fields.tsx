import { Controller, useFormContext } from "react-hook-form";
import { SelectField } from "#web/components/select-field";
import { StatusToggleField } from "#web/components/status-toggle";
import { useCategories } from "#web/lib/categories";
import type { ProductFormState } from "./product-form-values";

/** Whether shoppers see the product, and its category. */
export function ProductVisibilityFields() {
  const { register, control, formState } = useFormContext<ProductFormState>();
  const categories = useCategories();
  return (
    <>
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <StatusToggleField
            label="Active"
            hint="Inactive products are hidden from the shop."
            checked={field.value ?? false}
            onChange={field.onChange}
          />
        )}
      />
      {/* NOTE: keyed by whether the categories are in: a select registered before its options exist
          shows the placeholder; registered again with them, it shows the product's category. */}
      <SelectField
        key={categories.data ? "categories" : "loading"}
        label="Category"
        error={formState.errors.category?.message}
        {...register("category")}
      >
        <option value="">{categories.isPending ? "Loading categories..." : "Choose a category"}</option>
        {categories.data?.map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
