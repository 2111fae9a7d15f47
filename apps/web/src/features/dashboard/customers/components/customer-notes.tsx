import { zodResolver } from "@hookform/resolvers/zod";
import { customerPage } from "@shop/shared/messages";
import { type CustomerNoteDto, CustomerNoteInput, MAX_CUSTOMER_NOTE } from "@shop/shared/schemas/user";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { TextArea } from "#web/components/text-area";
import { errorMessage, isApiError } from "#web/lib/api";
import { formatDateTime } from "#web/lib/dates";
import { applyServerErrors } from "#web/lib/form-errors";
import { useAddCustomerNote } from "../api/add-customer-note";

const NOTE_FIELDS = ["note"] as const;

/** The staff's notes on a customer, newest first, and the form that appends one (notes are never edited). */
export function CustomerNotes({ userId, notes }: { userId: string; notes: CustomerNoteDto[] }) {
  const add = useAddCustomerNote(userId);
  const { register, handleSubmit, setError, reset, formState } = useForm<CustomerNoteInput>({
    resolver: zodResolver(CustomerNoteInput),
    defaultValues: { note: "" },
  });
  const onSubmit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => reset({ note: "" }),
      onError: (error) => {
        if (isApiError(error)) applyServerErrors(error, NOTE_FIELDS, setError);
      },
    }),
  );
  const serverError = add.isError && !(isApiError(add.error) && add.error.errors.note);
  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <TextArea
          label={customerPage.noteLabel}
          hint={customerPage.noteHint}
          rows={3}
          maxLength={MAX_CUSTOMER_NOTE}
          error={formState.errors.note?.message}
          {...register("note")}
        />
        {serverError ? <ErrorState message={errorMessage(add.error)} prefix={false} /> : null}
        <Button type="submit" size="sm" loading={add.isPending}>
          {customerPage.addNote}
        </Button>
      </form>
      {notes.length === 0 ? (
        <p className="text-sm text-neutral-600">{customerPage.noNotes}</p>
      ) : (
        <ol className="space-y-4 border-t border-neutral-100 pt-4" aria-label={customerPage.notes}>
          {notes.map((note) => (
            <li key={note._id} className="text-sm">
              <p className="flex flex-wrap justify-between gap-x-3 text-xs text-neutral-500">
                <span className="font-medium text-neutral-700">{note.author.name}</span>
                <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-neutral-800">{note.note}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
