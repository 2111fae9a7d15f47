import { zodResolver } from "@hookform/resolvers/zod";
import { settingsPage } from "@shop/shared/messages";
import { TaxSettings } from "@shop/shared/schemas/settings";
import { Controller } from "react-hook-form";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { numberLimits } from "#web/lib/number-limits";
import { SettingsCard } from "./settings-card";
import { asNumber, TAX_FIELDS, type TaxFormState, taxFormSchema } from "./settings-form-values";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.taxes;

/**
 * Whether prices include GST, the rate and HSN code of products that set none, and whether shipping
 * and the COD fee are taxed with the goods.
 */
export function TaxForm({ value, readOnly }: { value: TaxSettings; readOnly: boolean }) {
  const { form, onSubmit, saving } = useSectionForm("taxes", {
    resolver: zodResolver(taxFormSchema),
    value,
    toState: (taxes): TaxFormState => taxes,
    fields: TAX_FIELDS,
  });
  const { register, control, formState } = form;
  const { errors } = formState;

  return (
    <SettingsCard section="taxes" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <Controller
        control={control}
        name="pricesIncludeTax"
        render={({ field }) => (
          <StatusToggleField
            label={labels.pricesIncludeTax}
            hint={labels.pricesIncludeTaxHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.defaultRate}
          type="number"
          inputMode="decimal"
          step="0.01"
          {...numberLimits(TaxSettings.shape.defaultRate, labels.defaultRateHint)}
          error={errors.defaultRate?.message}
          {...register("defaultRate", { setValueAs: asNumber })}
        />
        <TextField
          label={labels.defaultHsn}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          hint={labels.defaultHsnHint}
          className="[&_input]:font-mono"
          error={errors.defaultHsn?.message}
          {...register("defaultHsn")}
        />
      </div>
      <Controller
        control={control}
        name="chargesTaxed"
        render={({ field }) => (
          <StatusToggleField
            label={labels.chargesTaxed}
            hint={labels.chargesTaxedHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
    </SettingsCard>
  );
}
