import { EnvelopeIcon } from "@heroicons/react/24/outline";
import { stockAlertWords } from "@shop/shared/messages";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#web/components/button";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { isActiveUser, useSession } from "#web/lib/session";
import { useCreateStockAlert } from "../api/create-stock-alert";

/**
 * "Email me when it's back" under a sold-out product or size: a visitor types an address; a
 * signed-in shopper sees theirs and asks with one button. Asked once, it says so in its place.
 * Loaded only when the chosen variant is sold out (the product page's first load lacks it); key it
 * by variant, so another size starts afresh.
 */
export default function StockAlert({ variantId }: { variantId: string }) {
  const user = useSession((state) => (isActiveUser(state.user) ? state.user : null));
  const [typed, setTyped] = useState("");
  const alert = useCreateStockAlert();
  const headingId = useId();
  const email = user ? user.email : typed;
  const refusal = alert.error;
  const fieldError = isApiError(refusal) ? refusal.errors.email : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    alert.mutate({ variant: variantId, email });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-card border border-neutral-200 bg-neutral-50 px-4 py-4 sm:px-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-neutral-900">
        <EnvelopeIcon className="size-5 text-neutral-500" aria-hidden="true" />
        {stockAlertWords.heading}
      </h2>
      {/* NOTE: the status region stays mounted, so the confirmation is announced when it appears. */}
      <div role="status">
        {alert.isSuccess ? (
          <p className="mt-2 text-sm font-medium text-success-700">{stockAlertWords.done}</p>
        ) : null}
      </div>
      {alert.isSuccess ? null : (
        <form onSubmit={submit} noValidate aria-labelledby={headingId} className="mt-3">
          {user ? <p className="text-sm text-neutral-700">{stockAlertWords.signedInAs(user.email)}</p> : null}
          <div className={cx("flex flex-wrap items-end gap-3", user && "mt-3")}>
            {user ? null : (
              <TextField
                label={stockAlertWords.emailLabel}
                type="email"
                autoComplete="email"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                error={fieldError}
                className="min-w-48 flex-1 sm:max-w-sm"
              />
            )}
            <Button type="submit" variant="secondary" loading={alert.isPending}>
              {stockAlertWords.submit}
            </Button>
          </div>
          {refusal && !fieldError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-danger-700">
              {errorMessage(refusal)}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
