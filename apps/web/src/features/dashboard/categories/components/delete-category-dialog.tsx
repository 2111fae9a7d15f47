import { categoryActions } from "@shop/shared/messages";
import type { CategoryDto } from "@shop/shared/schemas/category";
import { type FormEvent, useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { SelectField } from "#web/components/select-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useDeleteCategory } from "../api/delete-category";

/**
 * Deletes a category (admins), open while `category` is set. One with products asks which of the
 * other categories they move to; one whose products are all inactive (its count is of active ones)
 * asks once the server says it has some.
 */
export function DeleteCategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: CategoryDto | null;
  /** Every category: the others are where its products may go. */
  categories: readonly CategoryDto[];
  onClose: () => void;
}) {
  // The category stays shown while the dialog fades out after `category` is cleared.
  const [shown, setShown] = useState(category);
  if (category && category !== shown) setShown(category);

  return (
    <Dialog
      open={category !== null}
      onClose={onClose}
      title={shown ? categoryActions.deleteTitle(shown.name) : ""}
    >
      {shown ? (
        <DeleteForm
          key={shown._id}
          category={shown}
          others={categories.filter((other) => other._id !== shown._id)}
          onDone={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function DeleteForm({
  category,
  others,
  onDone,
}: {
  category: CategoryDto;
  others: readonly CategoryDto[];
  onDone: () => void;
}) {
  const remove = useDeleteCategory();
  const [moveTo, setMoveTo] = useState("");
  const [error, setError] = useState<string | undefined>();
  // The server's refusal without a target: it has products the list does not count (inactive ones).
  const [asked, setAsked] = useState(false);
  const needsTarget = category.count > 0 || asked;
  const nowhereToGo = needsTarget && others.length === 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nowhereToGo) return;
    if (needsTarget && !moveTo) {
      setError(categoryActions.moveToRequired);
      return;
    }
    remove.mutate(
      { categoryId: category._id, moveTo: needsTarget ? moveTo : undefined },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const atField = isApiError(failure) ? failure.errors.moveTo : undefined;
          if (atField) {
            setAsked(true);
            setError(atField);
          } else toast.error(errorMessage(failure));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {!needsTarget ? (
        <p className="text-sm text-neutral-700">{categoryActions.deleteEmpty}</p>
      ) : nowhereToGo ? (
        <p className="text-sm text-neutral-700">{categoryActions.noOtherCategory}</p>
      ) : (
        <SelectField
          label={categoryActions.moveTo}
          hint={categoryActions.moveHint}
          error={error}
          value={moveTo}
          onChange={(event) => {
            setMoveTo(event.target.value);
            setError(undefined);
          }}
        >
          <option value="">{categoryActions.chooseCategory}</option>
          {others.map((other) => (
            <option key={other._id} value={other._id}>
              {other.name}
            </option>
          ))}
        </SelectField>
      )}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          {categoryActions.cancel}
        </Button>
        <Button type="submit" variant="danger" loading={remove.isPending} disabled={nowhereToGo}>
          {categoryActions.confirmDelete}
        </Button>
      </div>
    </form>
  );
}
