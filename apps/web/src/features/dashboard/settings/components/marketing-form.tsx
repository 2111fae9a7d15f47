import { zodResolver } from "@hookform/resolvers/zod";
import { settingsPage } from "@shop/shared/messages";
import {
  AbandonedCheckoutSettings,
  MarketingSettings as MarketingSchema,
  type MarketingSettings,
} from "@shop/shared/schemas/marketing";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { numberLimits } from "#web/lib/number-limits";
import { SettingsCard } from "./settings-card";
import { asNumber } from "./settings-form-values";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.marketing;

/** The form while it is filled in: numbers may be empty, and the code is text (empty: none). */
type MarketingFormState = {
  abandonedCheckout: {
    enabled: boolean;
    firstAfterMinutes: number | undefined;
    secondAfterHours: number | undefined;
    discountCode: string;
  };
};

const FIELDS = [
  "abandonedCheckout.enabled",
  "abandonedCheckout.firstAfterMinutes",
  "abandonedCheckout.secondAfterHours",
  "abandonedCheckout.discountCode",
] as const;

/** The shared MarketingSettings, whose messages land at the same fields; an empty code is none. */
const marketingFormSchema: z.ZodType<MarketingSettings, MarketingFormState> = z
  .custom<MarketingFormState>()
  .transform(({ abandonedCheckout }): unknown => {
    const code = abandonedCheckout.discountCode.trim();
    return { abandonedCheckout: { ...abandonedCheckout, discountCode: code === "" ? null : code } };
  })
  .pipe(MarketingSchema);

const toState = ({ abandonedCheckout }: MarketingSettings): MarketingFormState => ({
  abandonedCheckout: { ...abandonedCheckout, discountCode: abandonedCheckout.discountCode ?? "" },
});

/**
 * The abandoned-checkout reminders: on or off, when the first and the second go, and the code the
 * second offers (an existing one: the server says so at the field otherwise).
 */
export function MarketingForm({ value, readOnly }: { value: MarketingSettings; readOnly: boolean }) {
  const { form, onSubmit, saving } = useSectionForm("marketing", {
    resolver: zodResolver(marketingFormSchema),
    value,
    toState,
    fields: FIELDS,
  });
  const { register, formState } = form;
  const errors = formState.errors.abandonedCheckout;
  return (
    <SettingsCard section="marketing" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <Controller
        control={form.control}
        name="abandonedCheckout.enabled"
        render={({ field }) => (
          <StatusToggleField
            label={labels.enabled}
            hint={labels.enabledHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.firstAfterMinutes}
          type="number"
          inputMode="numeric"
          step="1"
          {...numberLimits(AbandonedCheckoutSettings.shape.firstAfterMinutes, labels.firstAfterMinutesHint)}
          error={errors?.firstAfterMinutes?.message}
          {...register("abandonedCheckout.firstAfterMinutes", { setValueAs: asNumber })}
        />
        <TextField
          label={labels.secondAfterHours}
          type="number"
          inputMode="numeric"
          step="1"
          {...numberLimits(AbandonedCheckoutSettings.shape.secondAfterHours, labels.secondAfterHoursHint)}
          error={errors?.secondAfterHours?.message}
          {...register("abandonedCheckout.secondAfterHours", { setValueAs: asNumber })}
        />
        <TextField
          label={labels.discountCode}
          autoCapitalize="characters"
          spellCheck={false}
          hint={labels.discountCodeHint}
          error={errors?.discountCode?.message}
          className="sm:col-span-2"
          {...register("abandonedCheckout.discountCode")}
        />
      </div>
    </SettingsCard>
  );
}
