import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_ORDER_NOTE } from "@shop/shared/constants";
import { orderHistory } from "@shop/shared/messages";
import { OrderNoteInput } from "@shop/shared/schemas/order";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { TextArea } from "#web/components/text-area";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { useAddOrderNote } from "../api/add-order-note";

const NOTE_FIELDS = ["note"] as const;

/** Staff add a note to the order's history; the shopper never sees it. */
export function NoteForm({ orderId }: { orderId: string }) {
  const add = useAddOrderNote(orderId);
  const { register, handleSubmit, setError, reset, formState } = useForm<OrderNoteInput>({
    resolver: zodResolver(OrderNoteInput),
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
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-3 border-t border-neutral-100 pt-5">
      <TextArea
        label={orderHistory.noteLabel}
        hint={orderHistory.noteHint}
        rows={3}
        maxLength={MAX_ORDER_NOTE}
        error={formState.errors.note?.message}
        {...register("note")}
      />
      {serverError ? <ErrorState message={errorMessage(add.error)} prefix={false} /> : null}
      <Button type="submit" size="sm" loading={add.isPending}>
        {orderHistory.addNote}
      </Button>
    </form>
  );
}
