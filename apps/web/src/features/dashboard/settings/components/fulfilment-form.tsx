import { PlusIcon, TrashIcon } from "@heroicons/react/20/solid";
import { zodResolver } from "@hookform/resolvers/zod";
import { settingsPage } from "@shop/shared/messages";
import { type Carrier, FulfilmentSettings, MAX_CARRIERS } from "@shop/shared/schemas/settings";
import type { Path } from "react-hook-form";
import { useFieldArray } from "react-hook-form";
import { z } from "zod";
import { Button } from "#web/components/button";
import { TextField } from "#web/components/text-field";
import { numberLimits } from "#web/lib/number-limits";
import { SettingsCard } from "./settings-card";
import { asNumber } from "./settings-form-values";
import { newId } from "./shipping-form-values";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.fulfilment;

interface FulfilmentFormState {
  carriers: Carrier[];
  returnWindowDays: number | undefined;
}

const fulfilmentFormSchema: z.ZodType<FulfilmentSettings, FulfilmentFormState> = z
  .custom<FulfilmentFormState>()
  .pipe(FulfilmentSettings);

const FIELD = /^(returnWindowDays|carriers|carriers\.\d+\.(_id|name|trackingUrl))$/;
function isFulfilmentField(path: string): path is Path<FulfilmentFormState> {
  return FIELD.test(path);
}

/** The carriers staff ship with (each with its tracking link template) and the days a shopper has to return. */
export function FulfilmentForm({ value, readOnly }: { value: FulfilmentSettings; readOnly: boolean }) {
  const { form, onSubmit, saving } = useSectionForm("fulfilment", {
    resolver: zodResolver(fulfilmentFormSchema),
    value,
    toState: (fulfilment): FulfilmentFormState => ({
      carriers: fulfilment.carriers.map((carrier) => ({ ...carrier })),
      returnWindowDays: fulfilment.returnWindowDays,
    }),
    fields: isFulfilmentField,
  });
  const carriers = useFieldArray({ control: form.control, name: "carriers" });
  const { register, formState } = form;
  const { errors } = formState;

  return (
    <SettingsCard section="fulfilment" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <TextField
        label={labels.returnWindowDays}
        type="number"
        inputMode="numeric"
        step="1"
        {...numberLimits(FulfilmentSettings.shape.returnWindowDays, labels.returnWindowDaysHint)}
        error={errors.returnWindowDays?.message}
        {...register("returnWindowDays", { setValueAs: asNumber })}
      />
      <p className="text-sm text-neutral-600">{labels.carriersHint}</p>
      {carriers.fields.length > 0 ? (
        <ul className="space-y-4">
          {carriers.fields.map((field, index) => {
            const title = form.getValues(`carriers.${index}.name`) || labels.carrier(index + 1);
            const rowErrors = errors.carriers?.[index];
            return (
              <li
                key={field.id}
                className="grid gap-4 rounded-control p-4 ring-1 ring-neutral-200 sm:grid-cols-[1fr_2fr_auto]"
              >
                <TextField
                  label={labels.name}
                  autoComplete="off"
                  error={rowErrors?.name?.message ?? rowErrors?._id?.message}
                  {...register(`carriers.${index}.name`)}
                />
                <TextField
                  label={labels.trackingUrl}
                  autoComplete="off"
                  inputMode="url"
                  hint={labels.trackingUrlHint}
                  error={rowErrors?.trackingUrl?.message}
                  {...register(`carriers.${index}.trackingUrl`)}
                />
                {readOnly ? null : (
                  <div className="sm:pt-6">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={labels.removeCarrier(title)}
                      onClick={() => carriers.remove(index)}
                    >
                      <TrashIcon className="size-4" aria-hidden="true" />
                      <span className="max-sm:sr-only">{labels.remove}</span>
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">{labels.none}</p>
      )}
      {errors.carriers?.message ? (
        <p className="text-xs font-medium text-danger-700">{errors.carriers.message}</p>
      ) : null}
      {readOnly ? null : (
        <Button
          variant="secondary"
          size="sm"
          disabled={carriers.fields.length >= MAX_CARRIERS}
          onClick={() => carriers.append({ _id: newId(), name: "", trackingUrl: "https://" })}
        >
          <PlusIcon className="size-4" aria-hidden="true" />
          {labels.add}
        </Button>
      )}
    </SettingsCard>
  );
}
