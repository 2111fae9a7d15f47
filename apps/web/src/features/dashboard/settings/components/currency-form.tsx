import { zodResolver } from "@hookform/resolvers/zod";
import { settingsPage } from "@shop/shared/messages";
import { CurrencySettings } from "@shop/shared/schemas/settings";
import { type FormEvent, useState } from "react";
import { useWatch } from "react-hook-form";
import { TextField } from "#web/components/text-field";
import { ConfirmDialog } from "#web/features/dashboard/components/confirm-dialog";
import { SettingsCard } from "./settings-card";
import { CURRENCY_FIELDS, currencyPreview } from "./settings-form-values";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.currency;

/**
 * The currency prices are in and the locale amounts are written in, with an example of both. A new
 * currency code warns, as it is typed and again before it is saved, that past orders keep theirs.
 */
export function CurrencyForm({ value, readOnly }: { value: CurrencySettings; readOnly: boolean }) {
  const { form, onSubmit, saving } = useSectionForm("currency", {
    resolver: zodResolver(CurrencySettings),
    value,
    toState: (currency) => currency,
    fields: CURRENCY_FIELDS,
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const [code, locale] = useWatch({ control, name: ["code", "locale"] });
  const preview = currencyPreview(code, locale);
  const next = (code ?? "").trim().toUpperCase();
  const switching = next.length === 3 && next !== value.code;
  const [asking, setAsking] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!switching) return onSubmit(event);
    event.preventDefault();
    setAsking(true);
  };

  return (
    <SettingsCard section="currency" readOnly={readOnly} saving={saving} onSubmit={submit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.code}
          autoComplete="off"
          spellCheck={false}
          maxLength={3}
          hint={labels.codeHint}
          className="[&_input]:font-mono [&_input]:uppercase"
          error={errors.code?.message}
          {...register("code")}
        />
        <TextField
          label={labels.locale}
          autoComplete="off"
          spellCheck={false}
          hint={labels.localeHint}
          className="[&_input]:font-mono"
          error={errors.locale?.message}
          {...register("locale")}
        />
      </div>
      <p aria-live="polite" className="rounded-control bg-neutral-50 px-3 py-2 text-sm text-neutral-600">
        {preview === null ? (
          labels.noPreview
        ) : (
          <>
            {labels.preview}: <span className="font-semibold text-neutral-900 tabular-nums">{preview}</span>
          </>
        )}
      </p>
      {switching ? (
        <p
          role="status"
          className="rounded-control bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {labels.switchWarning(value.code, next)}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={labels.switchTitle}
        confirmLabel={labels.switchConfirm(next)}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void onSubmit();
        }}
      >
        {labels.switchWarning(value.code, next)}
      </ConfirmDialog>
    </SettingsCard>
  );
}
