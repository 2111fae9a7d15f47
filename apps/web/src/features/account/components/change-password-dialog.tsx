import { zodResolver } from "@hookform/resolvers/zod";
import { formErrors, hints } from "@shop/shared/messages";
import { ChangePasswordForm } from "@shop/shared/schemas/user";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useChangePassword } from "../api/change-password";

const FIELDS = ["oldPassword", "newPassword"] as const;

function ChangePasswordFields({ email, onDone }: { email: string; onDone: () => void }) {
  const changePassword = useChangePassword();
  const { register, handleSubmit, setError, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors: fieldErrors } = formState;

  const submit = handleSubmit(
    ({ oldPassword, newPassword }) =>
      changePassword.mutate(
        { oldPassword, newPassword },
        {
          onSuccess: onDone,
          onError: (error) => {
            if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
          },
        },
      ),
    // SPEC section 5: 'Passwords are incorrect.' when the form fails its rules.
    () => toast.error(formErrors.changePassword),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Update password" className="space-y-4">
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
      <TextField
        label="Old password"
        type="password"
        autoComplete="current-password"
        error={fieldErrors.oldPassword?.message}
        {...register("oldPassword")}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={hints.password}
        error={fieldErrors.newPassword?.message}
        {...register("newPassword")}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={fieldErrors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <div className="-mx-5 mt-2 flex justify-end gap-3 border-t border-neutral-200 px-5 pt-4">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={changePassword.isPending}>
          Update password
        </Button>
      </div>
    </form>
  );
}

/** Update password (SPEC section 5): old password, a strong new one, and its confirmation. */
export function ChangePasswordDialog({
  email,
  open,
  onClose,
}: {
  email: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Update password">
      <ChangePasswordFields email={email} onDone={onClose} />
    </Dialog>
  );
}
