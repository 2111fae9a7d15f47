import { zodResolver } from "@hookform/resolvers/zod";
import { settingsPage, unmatchedPayments } from "@shop/shared/messages";
import { CheckoutSettings, CodSettings, MAX_UNPAID_ORDERS_LIMIT } from "@shop/shared/schemas/settings";
import { Controller, useWatch } from "react-hook-form";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextArea } from "#web/components/text-area";
import { TextField } from "#web/components/text-field";
import { numberLimits } from "#web/lib/number-limits";
import { PaymentMethodOrder } from "./payment-method-order";
import { SettingsCard } from "./settings-card";
import {
  asNumber,
  checkoutFormSchema,
  checkoutFormState,
  isCheckoutField,
  pincodesOf,
} from "./settings-form-values";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.checkout;

interface CheckoutFormProps {
  value: CheckoutSettings;
  /** The shop's currency code, named in the money field's label. */
  currency: string;
  readOnly: boolean;
}

/** The first message of a field's errors, however deep (a PIN code of the list: its place). */
function firstMessage(error: unknown): { message: string; at: string | undefined } | undefined {
  if (!error || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string" && error.message)
    return { message: error.message, at: undefined };
  for (const [key, value] of Object.entries(error)) {
    if (key === "ref") continue;
    const inner = firstMessage(value);
    if (inner) return { message: inner.message, at: inner.at ?? key };
  }
  return undefined;
}

/**
 * How long an unpaid order holds its stock, how many a shopper may hold, what an order may hold,
 * cash on delivery (on or off, the highest order total it takes, its fee, the discount for paying
 * online instead, the hours a shopper has to confirm, and whom and where it is refused), and the
 * order the pay page offers the payment methods in, and whether money no order could take is held for
 * review rather than refunded at once (decision 046).
 */
export function CheckoutForm({ value, currency, readOnly }: CheckoutFormProps) {
  const { form, onSubmit, saving } = useSectionForm("checkout", {
    resolver: zodResolver(checkoutFormSchema),
    value,
    toState: checkoutFormState,
    fields: isCheckoutField,
  });
  const { register, formState, control } = form;
  const { errors } = formState;
  const codEnabled = useWatch({ control, name: "cod.enabled" });
  const pincodes = pincodesOf(useWatch({ control, name: "cod.blockedPincodes" }) ?? "");
  const number = { setValueAs: asNumber };
  const pincodeError = firstMessage(errors.cod?.blockedPincodes);
  const pincodeAt = pincodeError?.at === undefined ? undefined : pincodes[Number(pincodeError.at)];
  // NOTE: the schema's most is the ceiling a server's MAX_UNPAID_ORDERS may raise it to; the form
  // does not know the server's, only that it is MAX_UNPAID_ORDERS_LIMIT or the value it first read.
  const mostUnpaid = Math.max(MAX_UNPAID_ORDERS_LIMIT, value.maxUnpaidOrders);

  return (
    <SettingsCard section="checkout" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.holdMinutes}
          type="number"
          inputMode="numeric"
          step="1"
          {...numberLimits(CheckoutSettings.shape.holdMinutes, labels.holdMinutesHint)}
          error={errors.holdMinutes?.message}
          {...register("holdMinutes", number)}
        />
        <TextField
          label={labels.maxUnpaidOrders}
          type="number"
          inputMode="numeric"
          step="1"
          {...numberLimits(CheckoutSettings.shape.maxUnpaidOrders, labels.maxUnpaidOrdersHint, {
            max: mostUnpaid,
          })}
          error={errors.maxUnpaidOrders?.message}
          {...register("maxUnpaidOrders", number)}
        />
        <TextField
          label={labels.maxQuantityPerLine}
          type="number"
          inputMode="numeric"
          step="1"
          {...numberLimits(CheckoutSettings.shape.maxQuantityPerLine, labels.maxQuantityPerLineHint)}
          error={errors.maxQuantityPerLine?.message}
          {...register("maxQuantityPerLine", number)}
        />
        <TextField
          label={labels.minimumOrder(currency)}
          type="number"
          inputMode="decimal"
          step="0.01"
          {...numberLimits(CheckoutSettings.shape.minimumOrder, labels.minimumOrderHint)}
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
          {...numberLimits(CodSettings.shape.maxOrderValue, labels.codMaxOrderValueHint)}
          error={errors.cod?.maxOrderValue?.message}
          {...register("cod.maxOrderValue", number)}
        />
        <TextField
          label={labels.codFee(currency)}
          type="number"
          inputMode="decimal"
          step="0.01"
          {...numberLimits(CodSettings.shape.fee, labels.codFeeHint)}
          error={errors.cod?.fee?.message}
          {...register("cod.fee", number)}
        />
        <TextField
          label={labels.codOnlineDiscount(currency)}
          type="number"
          inputMode="decimal"
          step="0.01"
          {...numberLimits(CodSettings.shape.onlineDiscount, labels.codOnlineDiscountHint)}
          error={errors.cod?.onlineDiscount?.message}
          {...register("cod.onlineDiscount", number)}
        />
        <TextField
          label={labels.codConfirmHours}
          type="number"
          inputMode="numeric"
          step="1"
          {...numberLimits(CodSettings.shape.confirmHours, labels.codConfirmHoursHint)}
          error={errors.cod?.confirmHours?.message}
          {...register("cod.confirmHours", number)}
        />
      </div>
      <Controller
        control={control}
        name="cod.blockAfterRefusal"
        render={({ field }) => (
          <StatusToggleField
            label={labels.codBlockAfterRefusal}
            hint={labels.codBlockAfterRefusalHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
      <TextArea
        label={labels.codBlockedPincodes}
        rows={4}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        hint={`${labels.codBlockedPincodesHint} ${labels.codBlockedCount(pincodes.length)}`}
        error={
          pincodeError
            ? pincodeAt
              ? labels.codBlockedPincodeError(pincodeAt, pincodeError.message)
              : pincodeError.message
            : undefined
        }
        {...register("cod.blockedPincodes")}
      />
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
      <Controller
        control={control}
        name="holdUnmatchedPayments"
        render={({ field }) => (
          <StatusToggleField
            label={unmatchedPayments.holdSetting}
            hint={unmatchedPayments.holdSettingHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
    </SettingsCard>
  );
}
