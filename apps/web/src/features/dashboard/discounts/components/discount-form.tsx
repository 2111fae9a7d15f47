import { zodResolver } from "@hookform/resolvers/zod";
import { DISCOUNT_SCOPES, DISCOUNT_TYPES } from "@shop/shared/constants";
import { formErrors, inCurrency } from "@shop/shared/messages";
import { type DiscountDto, DiscountInput } from "@shop/shared/schemas/discount";
import type { ReactNode } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "#web/components/button";
import { SelectField } from "#web/components/select-field";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { useCurrencySymbol } from "#web/lib/money";
import { numberLimits } from "#web/lib/number-limits";
import { toast } from "#web/lib/toast";
import { useSaveDiscount } from "../api/save-discount";
import { CategoryChoice } from "./category-choice";
import {
  asNumber,
  asNumberOrNull,
  DISCOUNT_FIELDS,
  type DiscountFormState,
  discountFormDefaults,
  discountFormSchema,
} from "./discount-form-values";
import { DISCOUNT_SCOPE_LABELS, DISCOUNT_TYPE_LABELS } from "./discount-terms";
import { ProductPicker } from "./product-picker";

const cardClass = "space-y-5 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200 sm:p-6";

function FormCard({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={`${cardClass} ${className ?? ""}`}>
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      {children}
    </section>
  );
}

/** The value's label: a percentage, or an amount in the shop's currency ("Amount off (₹)"). */
function valueLabel(type: "percentage" | "fixed", symbol: string): string {
  return type === "percentage" ? "Percentage off (%)" : inCurrency("Amount off", symbol);
}

interface DiscountFormProps {
  discount?: DiscountDto;
  /** Beside the form's buttons: what the code has brought (the edit page). */
  aside?: ReactNode;
}

/** Every term of a discount code, for New Discount and the edit page. */
export function DiscountForm({ discount, aside }: DiscountFormProps) {
  const navigate = useNavigate();
  const save = useSaveDiscount(discount?._id);
  const form = useForm<DiscountFormState, unknown, DiscountInput>({
    resolver: zodResolver(discountFormSchema),
    defaultValues: discountFormDefaults(discount),
  });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const type = watch("type");
  const appliesTo = watch("appliesTo");
  const symbol = useCurrencySymbol();

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => navigate("/dashboard/discounts"),
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, DISCOUNT_FIELDS, form.setError);
        },
      }),
    () => toast.error(formErrors.discount),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <FormCard title="Code">
          <TextField
            label="Code"
            autoComplete="off"
            spellCheck={false}
            hint="3 to 32 letters, digits, dashes or underscores; shoppers may type it in any case."
            className="[&_input]:font-mono [&_input]:uppercase"
            error={errors.code?.message}
            {...register("code")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField label="Type" error={errors.type?.message} {...register("type")}>
              {DISCOUNT_TYPES.map((option) => (
                <option key={option} value={option}>
                  {DISCOUNT_TYPE_LABELS[option]}
                </option>
              ))}
            </SelectField>
            {type === "free_shipping" ? (
              <p className="self-end pb-2.5 text-sm text-neutral-600">
                Shipping costs nothing with this code.
              </p>
            ) : (
              <TextField
                key={type}
                label={valueLabel(type, symbol)}
                type="number"
                inputMode={type === "percentage" ? "numeric" : "decimal"}
                step={type === "percentage" ? "1" : "0.01"}
                min={type === "percentage" ? "1" : "0.01"}
                max={type === "percentage" ? "100" : undefined}
                error={errors.value?.message}
                {...register("value", { setValueAs: asNumber })}
              />
            )}
          </div>
          <TextField
            label={inCurrency("Minimum subtotal", symbol)}
            type="number"
            inputMode="decimal"
            step="0.01"
            {...numberLimits(
              DiscountInput.shape.minSubtotal,
              "Optional: the items' total the cart must reach.",
            )}
            error={errors.minSubtotal?.message}
            {...register("minSubtotal", { setValueAs: asNumberOrNull })}
          />
        </FormCard>

        <FormCard title="Eligible items">
          <SelectField label="Applies to" error={errors.appliesTo?.message} {...register("appliesTo")}>
            {DISCOUNT_SCOPES.map((option) => (
              <option key={option} value={option}>
                {DISCOUNT_SCOPE_LABELS[option]}
              </option>
            ))}
          </SelectField>
          {appliesTo === "categories" ? (
            <Controller
              control={control}
              name="categories"
              render={({ field, fieldState }) => (
                <CategoryChoice
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          ) : null}
          {appliesTo === "products" ? (
            <Controller
              control={control}
              name="products"
              render={({ field, fieldState }) => (
                <ProductPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          ) : null}
          <Controller
            control={control}
            name="combinesWithSale"
            render={({ field }) => (
              <StatusToggleField
                label="Combines with sale prices"
                hint="Off: items already on sale are left out of the discount."
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </FormCard>

        <FormCard title="Dates and limits">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Starts"
              type="datetime-local"
              hint="Optional; your time zone."
              error={errors.startsAt?.message}
              {...register("startsAt")}
            />
            <TextField
              label="Ends"
              type="datetime-local"
              hint="Optional; your time zone."
              error={errors.endsAt?.message}
              {...register("endsAt")}
            />
            <TextField
              label="Usage limit"
              type="number"
              inputMode="numeric"
              step="1"
              {...numberLimits(DiscountInput.shape.usageLimit, "Optional: uses in all.")}
              error={errors.usageLimit?.message}
              {...register("usageLimit", { setValueAs: asNumberOrNull })}
            />
            <TextField
              label="Per-customer limit"
              type="number"
              inputMode="numeric"
              step="1"
              {...numberLimits(DiscountInput.shape.perCustomerLimit, "Optional: uses by one shopper.")}
              error={errors.perCustomerLimit?.message}
              {...register("perCustomerLimit", { setValueAs: asNumberOrNull })}
            />
          </div>
        </FormCard>
      </div>

      <div className="space-y-6">
        <div className={cardClass}>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <StatusToggleField
                label="Active"
                hint="Shoppers can use an active code within its dates."
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </div>
        {aside}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" fullWidth onClick={() => navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" fullWidth loading={save.isPending}>
            {discount ? "Save Discount" : "Create Discount"}
          </Button>
        </div>
      </div>
    </form>
  );
}
