import { shiprocketSettings as labels } from "@shop/shared/messages/shipping";
import { COURIER_RULES, DimensionCm, ShiprocketSettings, WeightKg } from "@shop/shared/schemas/parcel";
import { useId } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { SelectField } from "#web/components/select-field";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { numberLimits } from "#web/lib/number-limits";
import { asNumber } from "./settings-form-values";
import type { ShippingFormState } from "./shipping-form-values";

const SIDES = [
  ["length", labels.defaultLength],
  ["breadth", labels.defaultBreadth],
  ["height", labels.defaultHeight],
] as const;

/**
 * The shipping section's Shiprocket settings: the pickup location, the courier the ship dialog
 * preselects, whether Shiprocket answers the delivery check, and the size of a unit that gives none.
 */
export function ShiprocketFields({ readOnly }: { readOnly: boolean }) {
  const { register, control, formState } = useFormContext<ShippingFormState>();
  const errors = formState.errors.shiprocket;
  const id = useId();
  const number = { setValueAs: asNumber };

  return (
    <fieldset
      aria-labelledby={`${id}-title`}
      className="min-w-0 space-y-4 rounded-control p-4 ring-1 ring-neutral-200"
    >
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-neutral-900">
          {labels.title}
        </h3>
        <p className="mt-1 text-xs text-neutral-500">{labels.description}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={labels.pickupLocation}
          hint={labels.pickupLocationHint}
          maxLength={ShiprocketSettings.shape.pickupLocation.maxLength ?? undefined}
          error={errors?.pickupLocation?.message}
          {...register("shiprocket.pickupLocation")}
        />
        <SelectField
          label={labels.courierRule}
          hint={labels.courierRuleHint}
          error={errors?.courierRule?.message}
          {...register("shiprocket.courierRule")}
        >
          {COURIER_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {labels.courierRules[rule]}
            </option>
          ))}
        </SelectField>
      </div>
      <Controller
        control={control}
        name="shiprocket.answersDelivery"
        render={({ field }) => (
          <StatusToggleField
            label={labels.answersDelivery}
            hint={labels.answersDeliveryHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={labels.defaultWeight}
          type="number"
          inputMode="decimal"
          step="0.001"
          {...numberLimits(WeightKg)}
          error={errors?.defaultWeightKg?.message}
          {...register("shiprocket.defaultWeightKg", number)}
        />
        {SIDES.map(([side, label]) => (
          <TextField
            key={side}
            label={label}
            type="number"
            inputMode="decimal"
            step="0.1"
            {...numberLimits(DimensionCm)}
            error={errors?.defaultDimensionsCm?.[side]?.message}
            {...register(`shiprocket.defaultDimensionsCm.${side}`, number)}
          />
        ))}
      </div>
    </fieldset>
  );
}
