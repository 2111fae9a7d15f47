import { taxFields } from "@shop/shared/messages";
import { Controller, useFormContext } from "react-hook-form";
import { asHsnCode, GstRateField, HsnCodeField } from "#web/features/dashboard/components/gst-fields";
import type { ProductFormState } from "./product-form-values";

/** The product's own GST rate and HSN code; left at their defaults, its category's (else the shop's) apply. */
export function ProductTaxFields() {
  const { register, control, formState } = useFormContext<ProductFormState>();
  return (
    <section aria-labelledby="product-tax-heading" className="space-y-5">
      <div>
        <h2 id="product-tax-heading" className="text-base font-semibold text-neutral-900">
          {taxFields.title}
        </h2>
        <p className="mt-1 text-sm text-neutral-500">{taxFields.description}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={control}
          name="taxRate"
          render={({ field, fieldState }) => (
            <GstRateField
              label={taxFields.rate}
              defaultLabel={taxFields.categoryDefault}
              hint={taxFields.productRateHint}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <HsnCodeField
          hint={taxFields.productHsnHint}
          error={formState.errors.hsnCode?.message}
          {...register("hsnCode", { setValueAs: asHsnCode })}
        />
      </div>
    </section>
  );
}
