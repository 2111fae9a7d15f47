import { zodResolver } from "@hookform/resolvers/zod";
import { settingsPage } from "@shop/shared/messages";
import {
  type CheckoutSettings,
  MAX_HOLD_MINUTES,
  MAX_UNPAID_ORDERS_LIMIT,
} from "@shop/shared/schemas/settings";
import { Controller, useWatch } from "react-hook-form";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { PaymentMethodOrder } from "./payment-method-order";
import { SettingsCard } from "./settings-card";
import {
  asNumber,
  type CheckoutFormState,
  checkoutFormSchema,
  isCheckoutField,
} from "./settings-form-values";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.checkout;

interface CheckoutFormProps {
  value: CheckoutSettings;
  /** The shop's currency code, named in the money field's label. */
  currency: string;
  readOnly: boolean;
}

/**
 * How long an unpaid order holds its stock, how many a shopper may hold, what an order may hold,
 * cash on delivery (on or off, the highest order total it takes, its fee), and the order the pay
 * page offers the payment methods in.
 */
export function CheckoutForm({ value, currency, readOnly }: CheckoutFormProps) {
  const { form, onSubmit, saving } = useSectionForm("checkout", {
    resolver: zodResolver(checkoutFormSchema),
    value,
    toState: (checkout): CheckoutFormState => ({ ...checkout, paymentMethods: [...checkout.paymentMethods] }),
    fields: isCheckoutField,
  });
  const { register, formState, control } = form;
  const { errors } = formState;
  const codEnabled = useWatch({ control, name: "cod.enabled" });
  const number = { setValueAs: asNumber };

  return (
    <SettingsCard section="checkout" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.holdMinutes}
          type="number"
          inputMode="numeric"
          step="1"
          min="5"
          max={MAX_HOLD_MINUTES}
          hint={labels.holdMinutesHint}
          error={errors.holdMinutes?.message}
          {...register("holdMinutes", number)}
        />
        <TextField
          label={labels.maxUnpaidOrders}
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          max={MAX_UNPAID_ORDERS_LIMIT}
          hint={labels.maxUnpaidOrdersHint}
          error={errors.maxUnpaidOrders?.message}
          {...register("maxUnpaidOrders", number)}
        />
        <TextField
          label={labels.maxQuantityPerLine}
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          hint={labels.maxQuantityPerLineHint}
          error={errors.maxQuantityPerLine?.message}
          {...register("maxQuantityPerLine", number)}
        />
        <TextField
          label={labels.minimumOrder(currency)}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint={labels.minimumOrderHint}
          error={errors.minimumOrder?.message}
          {...register("minimumOrder", number)}
        />
      </div>
      <Controller
        control={control}
        name="cod.enabled"
        render={({ field }) => (
          <StatusToggleField
            label={labels.codEnabled}
            hint={labels.codEnabledHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.codMaxOrderValue(currency)}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint={labels.codMaxOrderValueHint}
          error={errors.cod?.maxOrderValue?.message}
          {...register("cod.maxOrderValue", number)}
        />
        <TextField
          label={labels.codFee(currency)}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint={labels.codFeeHint}
          error={errors.cod?.fee?.message}
          {...register("cod.fee", number)}
        />
      </div>
      <Controller
        control={control}
        name="paymentMethods"
        render={({ field }) => (
          <PaymentMethodOrder
            value={field.value}
            onChange={field.onChange}
            codEnabled={codEnabled}
            error={errors.paymentMethods?.message}
            errorAt={(index) => errors.paymentMethods?.[index]?.message}
            readOnly={readOnly}
          />
        )}
      />
    </SettingsCard>
  );
}
