import { UQC_LABELS, UQCS } from "@shop/shared/gst-codes";
import { taxFields } from "@shop/shared/messages";
import { useFormContext } from "react-hook-form";
import { SelectField } from "#web/components/select-field";
import { GstFields } from "#web/features/dashboard/components/gst-fields";
import type { ProductFormState } from "./product-form-values";

/** The product's own GST rate and HSN code; left at their defaults, its category's (else the shop's) apply. */
export function ProductTaxFields() {
  const { register, formState } = useFormContext<ProductFormState>();
  return (
    <section aria-labelledby="product-tax-heading" className="space-y-5">
      <div>
        <h2 id="product-tax-heading" className="text-base font-semibold text-neutral-900">
          {taxFields.title}
        </h2>
        <p className="mt-1 text-sm text-neutral-500">{taxFields.description}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <GstFields
          defaultLabel={taxFields.categoryDefault}
          rateHint={taxFields.productRateHint}
          hsnHint={taxFields.productHsnHint}
        />
        <SelectField
          label={taxFields.uqc}
          hint={taxFields.uqcHint}
          error={formState.errors.uqc?.message}
          {...register("uqc")}
        >
          {UQCS.map((uqc) => (
            <option key={uqc} value={uqc}>
              {UQC_LABELS[uqc]}
            </option>
          ))}
        </SelectField>
      </div>
    </section>
  );
}
