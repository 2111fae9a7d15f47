import { taxFields } from "@shop/shared/messages";
import { GstFields } from "#web/features/dashboard/components/gst-fields";

/** The product's own GST rate and HSN code; left at their defaults, its category's (else the shop's) apply. */
export function ProductTaxFields() {
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
      </div>
    </section>
  );
}
