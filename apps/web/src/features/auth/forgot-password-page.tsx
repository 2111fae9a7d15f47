import { zodResolver } from "@hookform/resolvers/zod";
import { api as apiMessages } from "@shop/shared/messages";
import { ForgotPasswordInput } from "@shop/shared/schemas/auth";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { useForgotPassword } from "./api/forgot-password";
import { AuthCard } from "./components/auth-card";

const FIELDS = ["email"] as const;

/**
 * Forgot password: the shopper gives the account's email and is told, whatever the email, that a
 * link is on its way if the account exists (the server's answer, api.resetLinkSent).
 */
export function ForgotPasswordPage() {
  const head = <PageMeta title={pageTitle("Forgot password")} />;
  const forgot = useForgotPassword();
  const { register, handleSubmit, setError, formState } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordInput),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      onError: (error) => {
        if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
      },
    }),
  );

  return (
    <>
      {head}
      <AuthCard
        title="Forgot your password?"
        footer={
          <>
            Remembered it?{" "}
            <Link to="/auth/login" replace className="font-semibold text-brand-700 hover:underline">
              Back to login
            </Link>
          </>
        }
      >
        {forgot.isSuccess ? (
          <p
            role="status"
            className="rounded-card border border-success-100 bg-success-50 px-4 py-3 text-sm text-success-700"
          >
            {apiMessages.resetLinkSent}
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <p className="text-sm text-neutral-600">
              Enter the email of your account and we will send you a link to choose a new password.
            </p>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={formState.errors.email?.message}
              {...register("email")}
            />
            {forgot.isError ? <ErrorState message={errorMessage(forgot.error)} prefix={false} /> : null}
            <Button type="submit" fullWidth loading={forgot.isPending}>
              Send reset link
            </Button>
          </form>
        )}
      </AuthCard>
    </>
  );
}
