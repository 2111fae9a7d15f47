import { zodResolver } from "@hookform/resolvers/zod";
import { api as apiMessages, hints } from "@shop/shared/messages";
import { ResetPasswordForm } from "@shop/shared/schemas/auth";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button, buttonClasses } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { askForSecondStep } from "#web/lib/second-step";
import { isInvalidResetLink, useResetPassword } from "./api/reset-password";
import { AuthCard } from "./components/auth-card";

const FIELDS = ["password"] as const;

const footer = (
  <>
    Remembered it?{" "}
    <Link to="/auth/login" replace className="font-semibold text-brand-700 hover:underline">
      Back to login
    </Link>
  </>
);

/** A link without a token, or one the server refused (unknown, used or expired): ask for a new one. */
function InvalidLink() {
  return (
    <div className="space-y-5">
      <ErrorState message={apiMessages.resetLinkInvalid} prefix={false} />
      <Link to="/auth/forgot-password" replace className={buttonClasses({ fullWidth: true })}>
        Ask for a new link
      </Link>
    </div>
  );
}

/**
 * The page a reset email links to (`?token=`): a new password and its confirmation. The server signs
 * the shopper in with it, and the page takes them to the home page; one with two-step sign-in gives
 * its second step first (the session the reset opens reads nothing else until then).
 */
export function ResetPasswordPage() {
  const head = <PageMeta title={pageTitle("Reset password")} />;
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: (user) => {
          // NOTE: a reset passes no second step: an account with two-step sign-in gives a code (or a
          // recovery code) before anything of it is read; the dialog (app/providers.tsx) asks now.
          const secondStep = user.twoFactorEnabled ? askForSecondStep() : Promise.resolve(true);
          void secondStep.then(() => navigate("/", { replace: true }));
        },
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
        },
      },
    ),
  );

  const invalid = token === "" || isInvalidResetLink(reset.error);

  return (
    <>
      {head}
      <AuthCard title="Choose a new password" footer={footer}>
        {invalid ? (
          <InvalidLink />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={hints.password}
              error={formState.errors.password?.message}
              {...register("password")}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              error={formState.errors.confirmPassword?.message}
              {...register("confirmPassword")}
            />
            {reset.isError ? <ErrorState message={errorMessage(reset.error)} prefix={false} /> : null}
            <Button type="submit" fullWidth loading={reset.isPending}>
              Reset password
            </Button>
          </form>
        )}
      </AuthCard>
    </>
  );
}
