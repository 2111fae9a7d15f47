import { zodResolver } from "@hookform/resolvers/zod";
import { formErrors, settingsPage } from "@shop/shared/messages";
import {
  type CheckoutSettings,
  MAX_HOLD_MINUTES,
  MAX_UNPAID_ORDERS_LIMIT,
} from "@shop/shared/schemas/settings";
import { useForm } from "react-hook-form";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useSaveSettings } from "../api/save-settings";
import { SettingsCard } from "./settings-card";
import {
  asNumber,
  CHECKOUT_FIELDS,
  type CheckoutFormState,
  checkoutFormSchema,
} from "./settings-form-values";

const labels = settingsPage.checkout;

interface CheckoutFormProps {
  value: CheckoutSettings;
  /** The shop's currency code, named in the money field's label. */
  currency: string;
  readOnly: boolean;
}

/** How long an unpaid order holds its stock, how many a shopper may hold, and what an order may hold. */
export function CheckoutForm({ value, currency, readOnly }: CheckoutFormProps) {
  const save = useSaveSettings("checkout");
  const form = useForm<CheckoutFormState, unknown, CheckoutSettings>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: value,
  });
  const { register, formState } = form;
  const { errors } = formState;
  const number = { setValueAs: asNumber };

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (saved) => form.reset(saved),
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, CHECKOUT_FIELDS, form.setError);
        },
      }),
    () => toast.error(formErrors.invalidInput),
  );

  return (
    <SettingsCard section="checkout" readOnly={readOnly} saving={save.isPending} onSubmit={onSubmit}>
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
    </SettingsCard>
  );
}
