import { inCurrency } from "@shop/shared/messages";
import { ProductInput } from "@shop/shared/schemas/product";
import { Controller, useFormContext } from "react-hook-form";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { useCurrencySymbol } from "#web/lib/money";
import { numberLimits } from "#web/lib/number-limits";
import { asNumber, type ProductFormState, salePriceBounds } from "./product-form-values";

/** Price and stock, and the sale: its switch and its price. */
export function ProductPricingFields() {
  const { register, control, formState, setValue, watch } = useFormContext<ProductFormState>();
  const { errors } = formState;
  const onSale = watch("onSale");
  const price = watch("price");
  const symbol = useCurrencySymbol();
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={inCurrency("Price", symbol)}
          type="number"
          inputMode="decimal"
          step="0.01"
          {...numberLimits(ProductInput.shape.price)}
          error={errors.price?.message}
          {...register("price", { setValueAs: asNumber })}
        />
        <TextField
          label="Stock"
          type="number"
          inputMode="numeric"
          step="1"
          {...numberLimits(ProductInput.shape.stock)}
          error={errors.stock?.message}
          {...register("stock", { setValueAs: asNumber })}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={control}
          name="onSale"
          render={({ field }) => (
            <StatusToggleField
              label="On sale"
              hint="Turning it off resets the sale price."
              checked={field.value ?? false}
              onChange={(value) => {
                field.onChange(value);
                // SPEC section 4: the onSale toggle resets salePrice.
                setValue("salePrice", value ? undefined : 0, { shouldValidate: formState.isSubmitted });
              }}
            />
          )}
        />
        <TextField
          label={inCurrency("Sale price", symbol)}
          type="number"
          inputMode="decimal"
          step="0.01"
          {...numberLimits(ProductInput.shape.salePrice, undefined, salePriceBounds(price))}
          disabled={!onSale}
          error={errors.salePrice?.message}
          {...register("salePrice", { setValueAs: asNumber })}
        />
      </div>
    </>
  );
}
