import { zodResolver } from "@hookform/resolvers/zod";
import { twoFactor } from "@shop/shared/messages";
import { LoginInput } from "@shop/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { TextField } from "#web/components/text-field";
import { isApiError, isTwoFactorRequired } from "#web/lib/api";
import { useConfig } from "#web/lib/config";
import { applyServerErrors } from "#web/lib/form-errors";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { useLogin } from "./api/login";
import { AuthCard } from "./components/auth-card";
import { useAuthSearch, useLeaveAuthPage } from "./hooks/use-leave-auth-page";

const FIELDS = ["email", "password", "code", "recoveryCode"] as const;
const labels = twoFactor.page;

export function LoginPage() {
  const head = <PageMeta title={pageTitle("Login")} />;
  const config = useConfig();
  const login = useLogin();
  const leave = useLeaveAuthPage();
  const authSearch = useAuthSearch();
  // After a right password of an account with two-step sign-in: its code, or a recovery code.
  const [step, setStep] = useState<"password" | "code" | "recovery">("password");
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInput),
    defaultValues: { email: "", password: "" },
    // The code fields count only while shown.
    shouldUnregister: true,
  });
  const { register, handleSubmit, setValue, setError, formState, getValues } = form;
  const demo = config.data?.demo ?? null;

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => void leave(),
      onError: (error) => {
        if (isTwoFactorRequired(error)) setStep("code");
        else if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
      },
    }),
  );

  const fillDemo = () => {
    if (!demo) return;
    setValue("email", demo.email, { shouldValidate: formState.isSubmitted });
    setValue("password", demo.password, { shouldValidate: formState.isSubmitted });
  };

  return (
    <>
      {head}
      <AuthCard
        title={step === "password" ? "Log in to your account" : labels.title}
        footer={
          <>
            Don&apos;t have an account?{" "}
            <Link
              to={`/auth/register${authSearch}`}
              replace
              className="font-semibold text-brand-700 hover:underline"
            >
              Register
            </Link>
          </>
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {step === "password" ? null : (
            <div className="space-y-3">
              <p className="text-center text-sm [overflow-wrap:anywhere] text-neutral-600">
                {labels.signingInAs(getValues("email"))}
              </p>
              {step === "code" ? (
                <TextField
                  key="code"
                  label={labels.loginCode}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  autoFocus
                  maxLength={7}
                  error={formState.errors.code?.message}
                  {...register("code")}
                />
              ) : (
                <TextField
                  key="recoveryCode"
                  label={labels.loginRecoveryCode}
                  autoComplete="off"
                  autoFocus
                  error={formState.errors.recoveryCode?.message}
                  {...register("recoveryCode")}
                />
              )}
              <button
                type="button"
                className="text-sm font-medium text-brand-700 hover:underline"
                onClick={() => setStep(step === "code" ? "recovery" : "code")}
              >
                {step === "code" ? labels.useRecoveryCode : labels.useAppCode}
              </button>
              <Button type="submit" fullWidth loading={login.isPending}>
                {labels.verify}
              </Button>
              <Button variant="secondary" fullWidth onClick={() => setStep("password")}>
                {labels.otherAccount}
              </Button>
            </div>
          )}
          <div className={step === "password" ? "space-y-5" : "hidden"}>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={formState.errors.email?.message}
              {...register("email")}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              error={formState.errors.password?.message}
              {...register("password")}
            />
            <p className="-mt-2 text-right text-sm">
              <Link to="/auth/forgot-password" className="font-medium text-brand-700 hover:underline">
                Forgot password?
              </Link>
            </p>
            <Button type="submit" fullWidth loading={login.isPending}>
              Login
            </Button>
            {demo ? (
              <Button variant="secondary" fullWidth onClick={fillDemo}>
                Login as admin
              </Button>
            ) : null}
          </div>
        </form>
      </AuthCard>
    </>
  );
}
