import { zodResolver } from "@hookform/resolvers/zod";
import { formErrors, taxFields } from "@shop/shared/messages";
import type { CategoryInput } from "@shop/shared/schemas/category";
import { slugify } from "@shop/shared/slug";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { TextField } from "#web/components/text-field";
import { GstFields } from "#web/features/dashboard/components/gst-fields";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useCreateCategory } from "../api/create-category";
import { type CategoryFormState, categoryFormSchema, isCategoryField } from "./category-form-values";

/**
 * 'Add Category' (SPEC section 2); leaving the name fills an empty slug from it (SPEC section 4).
 * Its GST rate and HSN code are optional: left alone, the shop's defaults apply.
 */
export function CategoryDialog({
  open,
  onClose,
  canSetTax,
}: {
  open: boolean;
  onClose: () => void;
  /** Admins set a category's tax; a manager's new category takes the shop's defaults. */
  canSetTax: boolean;
}) {
  const create = useCreateCategory();
  const form = useForm<CategoryFormState, unknown, CategoryInput>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { name: "", slug: "", taxRate: null, taxSlabs: null, hsnCode: null },
  });
  const { register, handleSubmit, formState, getValues, setValue, reset, setError } = form;

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(
    (values) =>
      create.mutate(values, {
        onSuccess: close,
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, isCategoryField, setError);
        },
      }),
    () => toast.error(formErrors.category),
  );

  const name = register("name", {
    onBlur: () => {
      if (!getValues("slug").trim()) {
        setValue("slug", slugify(getValues("name")), { shouldValidate: formState.isSubmitted });
      }
    },
  });

  return (
    <Dialog open={open} onClose={close} title="Add Category">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField label="Name" autoComplete="off" error={formState.errors.name?.message} {...name} />
          <TextField
            label="Slug"
            autoComplete="off"
            hint="Lower-case letters, digits and dashes; filled from the name when left empty."
            error={formState.errors.slug?.message}
            {...register("slug")}
          />
          {canSetTax ? (
            <GstFields
              defaultLabel={taxFields.shopDefault}
              rateHint={taxFields.categoryRateHint}
              hsnHint={taxFields.categoryHsnHint}
            />
          ) : null}
          <div className="flex justify-end gap-3 pt-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add Category
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
