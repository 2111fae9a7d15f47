import { zodResolver } from "@hookform/resolvers/zod";
import { accountNotes } from "@shop/shared/messages";
import { CloseAccountInput } from "@shop/shared/schemas/user";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { useCloseAccount } from "../api/close-account";

const FIELDS = ["currentPassword"] as const;

function CloseAccountForm({ email, onCancel }: { email: string; onCancel: () => void }) {
  const closeAccount = useCloseAccount();
  const { register, handleSubmit, setError, formState } = useForm<CloseAccountInput>({
    resolver: zodResolver(CloseAccountInput),
    defaultValues: { currentPassword: "" },
  });

  const submit = handleSubmit((values) =>
    closeAccount.mutate(values, {
      onError: (error) => {
        if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Close account" className="space-y-4">
      <p className="text-sm text-neutral-700">{accountNotes.confirmCloseAccount}</p>
      {/* Lets password managers offer the password of this account. */}
      <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <div className="-mx-5 mt-2 flex flex-wrap justify-end gap-3 border-t border-neutral-200 px-5 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Keep my account
        </Button>
        <Button type="submit" variant="danger" loading={closeAccount.isPending}>
          Close account
        </Button>
      </div>
    </form>
  );
}

/** Closing the account asks for the current password (the server checks it). */
export function CloseAccountDialog({
  email,
  open,
  onClose,
}: {
  email: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Close your account?" size="sm">
      <CloseAccountForm email={email} onCancel={onClose} />
    </Dialog>
  );
}
