import { zodResolver } from "@hookform/resolvers/zod";
import { categoryActions } from "@shop/shared/messages";
import { type CategoryDto, CategoryRenameInput } from "@shop/shared/schemas/category";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useRenameCategory } from "../api/rename-category";

const FIELDS = ["name"] as const;

/** A category's new name (admins), open while `category` is set; its slug, and so its links, stay. */
export function RenameCategoryDialog({
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
    <Dialog
      open={category !== null}
      onClose={onClose}
      title={shown ? categoryActions.renameTitle(shown.name) : ""}
    >
      {shown ? <RenameForm key={shown._id} category={shown} onDone={onClose} /> : null}
    </Dialog>
  );
}

function RenameForm({ category, onDone }: { category: CategoryDto; onDone: () => void }) {
  const rename = useRenameCategory();
  const { register, handleSubmit, setError, formState } = useForm<CategoryRenameInput>({
    resolver: zodResolver(CategoryRenameInput),
    defaultValues: { name: category.name },
  });

  const onSubmit = handleSubmit((input) =>
    rename.mutate(
      { categoryId: category._id, input },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error) && error.errors.name) applyServerErrors(error, FIELDS, setError);
          else toast.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={categoryActions.name}
        autoComplete="off"
        hint={categoryActions.slugKept(category.slug)}
        error={formState.errors.name?.message}
        {...register("name")}
      />
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          {categoryActions.cancel}
        </Button>
        <Button type="submit" loading={rename.isPending}>
          {categoryActions.saveName}
        </Button>
      </div>
    </form>
  );
}
