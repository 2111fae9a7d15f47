import { PlusIcon, TrashIcon } from "@heroicons/react/20/solid";
import { zodResolver } from "@hookform/resolvers/zod";
import { INDIAN_STATE_NAMES } from "@shop/shared/india";
import { settingsPage } from "@shop/shared/messages";
import { MAX_SHIPPING_METHODS, ShippingMethod, type ShippingSettings } from "@shop/shared/schemas/settings";
import { useId } from "react";
import { Controller, FormProvider, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "#web/components/button";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { firstMessage } from "#web/features/dashboard/products/components/first-message";
import { numberLimits } from "#web/lib/number-limits";
import { DispatchFields } from "./dispatch-fields";
import { PincodeList } from "./pincode-list";
import { SettingsCard } from "./settings-card";
import { asNumber, asNumberOrNull } from "./settings-form-values";
import {
  isShippingField,
  newMethod,
  type ShippingFormState,
  shippingFormDefaults,
  shippingFormSchema,
} from "./shipping-form-values";
import { ShiprocketFields } from "./shiprocket-fields";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.shipping;

interface ShippingFormProps {
  value: ShippingSettings;
  /** The shop's currency code, named in the money fields' labels. */
  currency: string;
  readOnly: boolean;
}

/**
 * The shipping methods shoppers choose from at checkout (added, changed and removed, then saved
 * together) and the dispatch rules their delivery days count from.
 */
export function ShippingForm({ value, currency, readOnly }: ShippingFormProps) {
  const { form, onSubmit, saving } = useSectionForm("shipping", {
    resolver: zodResolver(shippingFormSchema),
    value,
    toState: (shipping) => shippingFormDefaults(shipping.methods, shipping.dispatch, shipping.shiprocket),
    fields: isShippingField,
  });
  const methods = useFieldArray({ control: form.control, name: "methods" });
  const { errors } = form.formState;
  const listMessage = errors.methods?.root?.message ?? errors.methods?.message;
  // The methods the server knows (a PIN code list is uploaded for one of them).
  const savedIds = new Set(value.methods.map((method) => method._id));

  return (
    <FormProvider {...form}>
      <SettingsCard section="shipping" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
        {methods.fields.length > 0 ? (
          <ul className="space-y-4">
            {methods.fields.map((field, index) => (
              <li key={field.id}>
                <MethodFields
                  index={index}
                  currency={currency}
                  readOnly={readOnly}
                  saved={savedIds.has(field._id)}
                  onRemove={() => methods.remove(index)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-neutral-600">{labels.none}</p>
        )}
        {/* A message about the methods as a whole (one must stay enabled, at most 20). */}
        {listMessage ? <p className="text-xs font-medium text-danger-700">{listMessage}</p> : null}
        {readOnly ? null : (
          <Button
            variant="secondary"
            size="sm"
            disabled={methods.fields.length >= MAX_SHIPPING_METHODS}
            onClick={() => methods.append(newMethod())}
          >
            <PlusIcon className="size-4" aria-hidden="true" />
            {labels.add}
          </Button>
        )}
        <DispatchFields readOnly={readOnly} />
        <ShiprocketFields readOnly={readOnly} />
      </SettingsCard>
    </FormProvider>
  );
}

interface MethodFieldsProps {
  index: number;
  currency: string;
  readOnly: boolean;
  /** The method is in the saved settings (its PIN code list can be uploaded). */
  saved: boolean;
  onRemove: () => void;
}

/**
 * One method: its name, price, free threshold, estimate, where it delivers (the states it serves
 * and its delivery days, or its PIN code list), and whether shoppers see it.
 */
function MethodFields({ index, currency, readOnly, saved, onRemove }: MethodFieldsProps) {
  const { register, control, formState } = useFormContext<ShippingFormState>();
  const name = useWatch({ control, name: `methods.${index}.name` });
  const allStates = useWatch({ control, name: `methods.${index}.allStates` });
  const serves = useWatch({ control, name: `methods.${index}.serves` });
  const methodId = useWatch({ control, name: `methods.${index}._id` });
  const errors = formState.errors.methods?.[index];
  const title = name.trim() || labels.method(index + 1);
  const path = `methods.${index}` as const;
  const headingId = useId();

  return (
    // NOTE: a fieldset named by its heading (a legend could not sit in a row with the button);
    // min-w-0 undoes the fieldset's min-content width, which would overflow a narrow card.
    <fieldset
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-control p-4 ring-1 ring-neutral-200"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="min-w-0 text-sm font-semibold break-words text-neutral-900">
          {title}
        </h3>
        {readOnly ? null : (
          <Button variant="ghost" size="sm" aria-label={labels.removeMethod(title)} onClick={onRemove}>
            <TrashIcon className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">{labels.remove}</span>
          </Button>
        )}
      </div>
      {errors?._id?.message ? (
        <p className="text-xs font-medium text-danger-700">{errors._id.message}</p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={labels.name}
          autoComplete="off"
          className="sm:col-span-2"
          error={errors?.name?.message}
          {...register(`${path}.name`)}
        />
        <TextField
          label={labels.price(currency)}
          type="number"
          inputMode="decimal"
          step="0.01"
          {...numberLimits(ShippingMethod.shape.price)}
          error={errors?.price?.message}
          {...register(`${path}.price`, { setValueAs: asNumber })}
        />
        <TextField
          label={labels.freeAbove(currency)}
          type="number"
          inputMode="decimal"
          step="0.01"
          {...numberLimits(ShippingMethod.shape.freeAbove, labels.freeAboveHint)}
          error={errors?.freeAbove?.message}
          {...register(`${path}.freeAbove`, { setValueAs: asNumberOrNull })}
        />
        <TextField
          label={labels.estimatedDays}
          autoComplete="off"
          hint={labels.estimatedDaysHint}
          className="sm:col-span-2"
          error={errors?.estimatedDays?.message}
          {...register(`${path}.estimatedDays`)}
        />
      </div>
      <ServesChoice index={index} disabled={readOnly} error={errors?.serves?.message} />
      {serves === "pincodes" ? (
        <PincodeList methodId={methodId} saved={saved} readOnly={readOnly} />
      ) : (
        <>
          <TextField
            label={labels.days}
            type="number"
            inputMode="numeric"
            step="1"
            {...numberLimits(ShippingMethod.shape.days, labels.daysHint)}
            className="sm:max-w-xs"
            error={errors?.days?.message}
            {...register(`${path}.days`, { setValueAs: asNumberOrNull })}
          />
          <Controller
            control={control}
            name={`${path}.allStates`}
            render={({ field }) => (
              <StatusToggleField
                label={labels.allStates}
                hint={labels.allStatesHint}
                checked={field.value}
                onChange={field.onChange}
                disabled={readOnly}
              />
            )}
          />
          {allStates ? null : (
            <StateChecklist index={index} error={firstMessage(errors?.states)} disabled={readOnly} />
          )}
        </>
      )}
      <Controller
        control={control}
        name={`${path}.enabled`}
        render={({ field }) => (
          <StatusToggleField
            label={labels.enabled}
            hint={labels.enabledHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
    </fieldset>
  );
}

/** Where a method delivers: "States" (those ticked, or all) or "PIN code list" (its uploaded list). */
function ServesChoice({
  index,
  disabled,
  error,
}: {
  index: number;
  disabled: boolean;
  error?: string | undefined;
}) {
  const { register } = useFormContext<ShippingFormState>();
  const id = useId();
  const options = [
    { value: "states", label: labels.servesStates },
    { value: "pincodes", label: labels.servesPincodes },
  ] as const;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className="text-sm font-medium text-neutral-800">{labels.serves}</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-8 items-center gap-2 text-sm text-neutral-800">
            <input
              type="radio"
              value={option.value}
              disabled={disabled}
              className="size-4 shrink-0 accent-brand-600"
              {...register(`methods.${index}.serves`)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The states a method serves, ticked in the list of India's 36 (in alphabetical order): a group
 * named by its legend and described by its hint and error.
 */
function StateChecklist({
  index,
  error,
  disabled,
}: {
  index: number;
  error?: string | undefined;
  disabled: boolean;
}) {
  const { register } = useFormContext<ShippingFormState>();
  const id = useId();
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy} className="min-w-0">
      <legend className="text-sm font-medium text-neutral-800">{labels.states}</legend>
      <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500">
        {labels.statesHint}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {INDIAN_STATE_NAMES.map((state) => (
          <label key={state} className="flex min-h-8 items-start gap-2 py-1 text-sm text-neutral-800">
            <input
              type="checkbox"
              value={state}
              disabled={disabled}
              className="mt-0.5 size-4 shrink-0 rounded accent-brand-600"
              {...register(`methods.${index}.states`)}
            />
            <span className="min-w-0">{state}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
