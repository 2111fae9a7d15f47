import { zodResolver } from "@hookform/resolvers/zod";
import { formErrors } from "@shop/shared/messages";
import { CategoryInput } from "@shop/shared/schemas/category";
import { slugify } from "@shop/shared/slug";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useCreateCategory } from "../api/create-category";

/** 'Add Category' (SPEC section 2); leaving the name fills an empty slug from it (SPEC section 4). */
export function CategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateCategory();
  const form = useForm<CategoryInput>({
    resolver: zodResolver(CategoryInput),
    defaultValues: { name: "", slug: "" },
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
          if (isApiError(error)) applyServerErrors(error, ["name", "slug"], setError);
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
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Name" autoComplete="off" error={formState.errors.name?.message} {...name} />
        <TextField
          label="Slug"
          autoComplete="off"
          hint="Lower-case letters, digits and dashes; filled from the name when left empty."
          error={formState.errors.slug?.message}
          {...register("slug")}
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add Category
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
