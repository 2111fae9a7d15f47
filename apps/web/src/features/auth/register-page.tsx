import { zodResolver } from "@hookform/resolvers/zod";
import { hints } from "@shop/shared/messages";
import { RegisterForm } from "@shop/shared/schemas/auth";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { useRegister } from "./api/register";
import { AuthCard } from "./components/auth-card";
import { useAuthSearch, useLeaveAuthPage } from "./hooks/use-leave-auth-page";

const FIELDS = ["name.firstName", "name.lastName", "name", "email", "password"] as const;

export function RegisterPage() {
  const head = <PageMeta title={pageTitle("Register")} />;
  const registerAccount = useRegister();
  const leave = useLeaveAuthPage();
  const authSearch = useAuthSearch();
  const { register, handleSubmit, setError, formState } = useForm<RegisterForm>({
    resolver: zodResolver(RegisterForm),
    defaultValues: { name: { firstName: "", lastName: "" }, email: "", password: "" },
  });

  const onSubmit = handleSubmit((values) =>
    registerAccount.mutate(values, {
      onSuccess: () => void leave(),
      onError: (error) => {
        if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
      },
    }),
  );

  const nameError = formState.errors.name;

  return (
    <>
      {head}
      <AuthCard
        title="Create your account"
        footer={
          <>
            Already have an account?{" "}
            <Link
              to={`/auth/login${authSearch}`}
              replace
              className="font-semibold text-brand-700 hover:underline"
            >
              Login
            </Link>
          </>
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={nameError?.firstName?.message ?? nameError?.message}
              {...register("name.firstName")}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={nameError?.lastName?.message}
              {...register("name.lastName")}
            />
          </div>
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
            autoComplete="new-password"
            hint={hints.password}
            error={formState.errors.password?.message}
            {...register("password")}
          />
          <Button type="submit" fullWidth loading={registerAccount.isPending}>
            Register
          </Button>
        </form>
      </AuthCard>
    </>
  );
}
