import { taxFields } from "@shop/shared/messages";
import { TAX_RATES, TaxRate } from "@shop/shared/schemas/settings";
import { type ComponentProps, useRef, useState } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { SelectField } from "#web/components/select-field";
import { TextField } from "#web/components/text-field";
import { cx } from "#web/lib/cx";
import { numberLimits } from "#web/lib/number-limits";
import { SUGGESTED_SLABS, type TaxSlabRow, TaxSlabsField } from "./tax-slabs-field";

/**
 * A GST rate as a form holds it: a percent, null for the level above's (the category's, the
 * shop's), or undefined while "Other…" is chosen and nothing is typed yet (the forms' schemas
 * answer that with 'This is required.').
 */
export type GstRateValue = number | null | undefined;

const DEFAULT = "default";
const OTHER = "other";
const BY_PRICE = "by-price";

const isCommonRate = (rate: number) => TAX_RATES.some((common) => common === rate);

/** The select's choice for a rate: the default, one of the common rates, or "Other…". */
function choiceOf(value: GstRateValue): string {
  if (value === null) return DEFAULT;
  return value !== undefined && isCommonRate(value) ? String(value) : OTHER;
}

interface GstRateFieldProps {
  label: string;
  /** The words of the null choice: "Category default" for a product, "Shop default" for a category. */
  defaultLabel: string;
  hint?: string;
  value: GstRateValue;
  onChange: (value: GstRateValue) => void;
  onBlur?: () => void;
  /** react-hook-form's field ref: the control an error focuses (the select, or the Other rate). */
  ref?: (element: HTMLSelectElement | HTMLInputElement | null) => void;
  error?: string | undefined;
  /** Whether the rate goes by the price of a piece (slabs) instead: "Rate by price" is chosen. */
  byPrice?: boolean;
  /** Offers "Rate by price": told when it is chosen (true) or left for another choice (false). */
  onByPrice?: (on: boolean) => void;
}

/**
 * A GST rate: the default, one of the common rates (TAX_RATES, GST 2.0's), "Rate by price" (slabs,
 * when `onByPrice` is given), or "Other…", which opens a field for any rate up to MAX_TAX_RATE. The
 * error shows under the control in use.
 */
export function GstRateField({
  label,
  defaultLabel,
  hint,
  value,
  onChange,
  onBlur,
  ref,
  error,
  byPrice = false,
  onByPrice,
}: GstRateFieldProps) {
  // NOTE: "Other…" is a state of its own: a typed 18 stays under "Other…" rather than jumping to 18%.
  const [other, setOther] = useState(() => choiceOf(value) === OTHER);
  const focusOther = useRef(false);

  const choose = (choice: string) => {
    if (choice === BY_PRICE) {
      // The slabs take the rate's place: the flat rate goes back to the default.
      setOther(false);
      onChange(null);
      onByPrice?.(true);
      return;
    }
    if (byPrice) onByPrice?.(false);
    if (choice === OTHER) {
      focusOther.current = true;
      setOther(true);
      onChange(undefined);
      return;
    }
    setOther(false);
    onChange(choice === DEFAULT ? null : Number(choice));
  };

  const showOther = other && !byPrice;
  return (
    // The Other rate beside the select where there is room (a dialog), under it in a narrow column.
    <div className="@container">
      <div className={cx("grid gap-4", showOther && "@sm:grid-cols-2")}>
        <SelectField
          label={label}
          // The hint speaks of the default ("Category default: …"): the slabs say their own.
          hint={byPrice ? undefined : hint}
          error={showOther ? undefined : error}
          value={byPrice ? BY_PRICE : other ? OTHER : choiceOf(value)}
          onChange={(event) => choose(event.target.value)}
          onBlur={onBlur}
          ref={showOther ? undefined : ref}
        >
          <option value={DEFAULT}>{defaultLabel}</option>
          {TAX_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {taxFields.percent(rate)}
            </option>
          ))}
          {onByPrice ? <option value={BY_PRICE}>{taxFields.byPrice}</option> : null}
          <option value={OTHER}>{taxFields.other}</option>
        </SelectField>
        {showOther ? (
          <TextField
            label={taxFields.otherRate}
            type="number"
            inputMode="decimal"
            step="0.01"
            {...numberLimits(TaxRate, taxFields.otherRateHint)}
            error={error}
            // Uncontrolled: it mounts when "Other…" is chosen, holding the rate it was opened with.
            defaultValue={value ?? ""}
            onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
            onBlur={onBlur}
            ref={(element) => {
              ref?.(element);
              if (element && focusOther.current) {
                focusOther.current = false;
                element.focus();
              }
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

/** An empty HSN code field is null: the level above's code (the category's, the shop's). */
export const asHsnCode = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value : null;

/** An HSN code: digits only, shown in a fixed-width font like the settings' default code. */
export function HsnCodeField(props: Omit<ComponentProps<typeof TextField>, "label">) {
  return (
    <TextField
      label={taxFields.hsn}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      className="[&_input]:font-mono"
      {...props}
    />
  );
}

/** The fields of a form (in a FormProvider) that holds a GST rate (or a rate by price) and an HSN code. */
export interface GstFormState {
  taxRate: GstRateValue;
  /** The rate by the price of a piece, in place of `taxRate`; null: the flat rate. */
  taxSlabs: TaxSlabRow[] | null;
  /** Null: the level above's code (an empty field, `asHsnCode`). */
  hsnCode: string | null;
}

const SLAB_FIELD = /^taxSlabs\.\d+\.(upTo|rate)$/;

/** A field of GstFields a refusal from the server may name (lib/form-errors.ts), a slab's included. */
export function isGstField(
  path: string,
): path is "taxRate" | "taxSlabs" | "hsnCode" | `taxSlabs.${number}.upTo` | `taxSlabs.${number}.rate` {
  return path === "taxRate" || path === "taxSlabs" || path === "hsnCode" || SLAB_FIELD.test(path);
}

/**
 * The GST rate (or rate by price) and HSN code of a form (a product, a category) that holds them as
 * `taxRate`, `taxSlabs` and `hsnCode`, read from its FormProvider; `defaultLabel` names what null
 * stands for. "Rate by price" opens the slabs, suggesting GST 2.0's for clothes and shoes.
 */
export function GstFields({
  defaultLabel,
  rateHint,
  hsnHint,
}: {
  defaultLabel: string;
  rateHint: string;
  hsnHint: string;
}) {
  // NOTE: typed by its two fields: the provider's form may hold others (a product's name...).
  const { register, control, formState, setValue } = useFormContext<GstFormState>();
  const slabs = useWatch({ control, name: "taxSlabs" });
  return (
    <>
      <Controller
        control={control}
        name="taxRate"
        render={({ field, fieldState }) => (
          <GstRateField
            label={taxFields.rate}
            defaultLabel={defaultLabel}
            hint={rateHint}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            byPrice={slabs != null}
            onByPrice={(on) =>
              setValue("taxSlabs", on ? SUGGESTED_SLABS.map((slab) => ({ ...slab })) : null, {
                shouldDirty: true,
                shouldValidate: formState.isSubmitted,
              })
            }
          />
        )}
      />
      {slabs != null ? (
        <Controller
          control={control}
          name="taxSlabs"
          render={({ field }) => (
            <TaxSlabsField
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              errors={formState.errors.taxSlabs}
            />
          )}
        />
      ) : null}
      <HsnCodeField
        hint={hsnHint}
        error={formState.errors.hsnCode?.message}
        {...register("hsnCode", { setValueAs: asHsnCode })}
      />
    </>
  );
}
