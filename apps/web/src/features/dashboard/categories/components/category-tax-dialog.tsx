import { zodResolver } from "@hookform/resolvers/zod";
import { HSN_DESCRIPTION_MAX } from "@shop/shared/gst-codes";
import { formErrors, taxFields } from "@shop/shared/messages";
import type { CategoryDto, CategoryTaxInput } from "@shop/shared/schemas/category";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { TextField } from "#web/components/text-field";
import { GstFields } from "#web/features/dashboard/components/gst-fields";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useSetCategoryTax } from "../api/set-category-tax";
import { type CategoryTaxFormState, categoryTaxFormSchema, isCategoryTaxField } from "./category-form-values";

/** The GST rate (or rate by price) and HSN code of a category (admins): open while `category` is set. */
export function CategoryTaxDialog({
  category,
  onClose,
}: {
  category: CategoryDto | null;
  onClose: () => void;
}) {
  // The category stays shown while the dialog fades out after `category` is cleared.
  const [shown, setShown] = useState(category);
  if (category && category !== shown) setShown(category);

  return (
    <Dialog open={category !== null} onClose={onClose} title={shown ? taxFields.editTitle(shown.name) : ""}>
      {shown ? <CategoryTaxForm key={shown._id} category={shown} onDone={onClose} /> : null}
    </Dialog>
  );
}

function CategoryTaxForm({ category, onDone }: { category: CategoryDto; onDone: () => void }) {
  const save = useSetCategoryTax();
  const form = useForm<CategoryTaxFormState, unknown, CategoryTaxInput>({
    resolver: zodResolver(categoryTaxFormSchema),
    // A category without a rate or code of its own has none in its DTO: the shop's default (null here).
    defaultValues: {
      taxRate: category.taxRate ?? null,
      taxSlabs: category.taxSlabs?.map((slab) => ({ ...slab })) ?? null,
      hsnCode: category.hsnCode ?? null,
      hsnDescription: category.hsnDescription ?? null,
    },
  });
  const { handleSubmit, setError, register, formState } = form;

  const onSubmit = handleSubmit(
    (input) =>
      save.mutate(
        { categoryId: category._id, input },
        {
          onSuccess: onDone,
          onError: (error) => {
            if (isApiError(error)) applyServerErrors(error, isCategoryTaxField, setError);
          },
        },
      ),
    () => toast.error(formErrors.category),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <GstFields
          defaultLabel={taxFields.shopDefault}
          rateHint={taxFields.categoryRateHint}
          hsnHint={taxFields.categoryHsnHint}
        />
        <TextField
          label={taxFields.hsnDescription}
          hint={taxFields.hsnDescriptionHint}
          maxLength={HSN_DESCRIPTION_MAX}
          autoComplete="off"
          error={formState.errors.hsnDescription?.message}
          {...register("hsnDescription", {
            setValueAs: (value: string | null) => (value?.trim() ? value : null),
          })}
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {taxFields.save}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
