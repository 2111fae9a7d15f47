import { twoFactor } from "@shop/shared/messages";
import { type FormEvent, useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { useSecondStep } from "#web/lib/second-step";
import { useVerifySecondStep } from "../api/two-factor";

const labels = twoFactor.page;

/**
 * Asks for a code of the authenticator app (or a recovery code) when a change wants a fresh second
 * step (lib/second-step.ts); the change is sent again once the code is accepted, and refused as it
 * was when the dialog is closed.
 */
export function SecondStepDialog() {
  const settle = useSecondStep((state) => state.settle);
  const verify = useVerifySecondStep();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();

  const close = (passed: boolean) => {
    setValue("");
    setError(undefined);
    setRecovery(false);
    settle?.(passed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = recovery ? { recoveryCode: value } : { code: value.replace(/\s/g, "") };
    verify.mutate(input, {
      onSuccess: () => close(true),
      onError: (failure) =>
        setError(
          isApiError(failure)
            ? (failure.errors.code ?? failure.errors.recoveryCode ?? failure.message)
            : undefined,
        ),
    });
  };

  return (
    <Dialog open={settle !== null} onClose={() => close(false)} title={labels.freshStepTitle} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-neutral-600">{twoFactor.freshStepRequired}</p>
        <TextField
          label={recovery ? labels.loginRecoveryCode : labels.code}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          maxLength={recovery ? 40 : 7}
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
          data-autofocus
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline"
            onClick={() => {
              setRecovery(!recovery);
              setValue("");
              setError(undefined);
            }}
          >
            {recovery ? labels.useAppCode : labels.useRecoveryCode}
          </button>
          <Button type="submit" size="sm" disabled={verify.isPending || value.trim() === ""}>
            {labels.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
