import { parcelFields } from "@shop/shared/messages/shipping";
import { DimensionCm, WeightKg } from "@shop/shared/schemas/parcel";
import { useFormContext } from "react-hook-form";
import { TextField } from "#web/components/text-field";
import { numberLimits } from "#web/lib/number-limits";
import { asNumber, type ProductFormState } from "./product-form-values";

const SIDES = [
  ["length", parcelFields.length],
  ["breadth", parcelFields.breadth],
  ["height", parcelFields.height],
] as const;

/** A unit's weight and box for the courier; left empty, the shop's defaults (Settings → Shipping) apply. */
export function ProductSizeFields() {
  const { register, formState } = useFormContext<ProductFormState>();
  const { errors } = formState;
  return (
    <section aria-labelledby="product-size-heading" className="space-y-5">
      <div>
        <h2 id="product-size-heading" className="text-base font-semibold text-neutral-900">
          {parcelFields.title}
        </h2>
        <p className="mt-1 text-sm text-neutral-500">{parcelFields.description}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={parcelFields.weight}
          type="number"
          inputMode="decimal"
          step="0.001"
          {...numberLimits(WeightKg, parcelFields.weightHint)}
          error={errors.weightKg?.message}
          {...register("weightKg", { setValueAs: asNumber })}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        {SIDES.map(([side, label]) => (
          <TextField
            key={side}
            label={label}
            type="number"
            inputMode="decimal"
            step="0.1"
            {...numberLimits(DimensionCm, parcelFields.dimensionHint)}
            error={errors.dimensionsCm?.[side]?.message}
            {...register(`dimensionsCm.${side}`, { setValueAs: asNumber })}
          />
        ))}
      </div>
    </section>
  );
}
