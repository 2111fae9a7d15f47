import { inCurrency } from "@shop/shared/messages";
import { parcelFields } from "@shop/shared/messages/shipping";
import { WeightKg } from "@shop/shared/schemas/parcel";
import { VariantInput } from "@shop/shared/schemas/product";
import { type ComponentProps, type KeyboardEvent, useId, useState } from "react";
import { Controller, type FieldArrayWithId, useFormContext, useWatch } from "react-hook-form";
import { Button } from "#web/components/button";
import { controlClass } from "#web/components/field";
import { StatusToggle } from "#web/components/status-toggle";
import { cx } from "#web/lib/cx";
import { useCurrencySymbol } from "#web/lib/money";
import { type NumberLimits, numberLimits } from "#web/lib/number-limits";
import { firstMessage } from "./first-message";
import { asNumber, type ProductFormState, salePriceBounds } from "./product-form-values";
import { isOnSale, type SalePriceChoice, SetPricesDialog } from "./set-prices-dialog";
import { rowLabel, suggestSku } from "./variant-rows";

type VariantField = FieldArrayWithId<ProductFormState, "variants", "id">;

/**
 * Wide enough (the card, not the window): one line per variant under a header; narrower, each
 * variant is a card of its own with its labels shown.
 * NOTE: the columns' least widths and gaps add up to the 36rem of `@xl`; a variant's box (three
 * more inputs) has no room on a line, so the grid edits its weight only and carries its box as it is.
 */
const ROW_COLUMNS =
  "@xl:grid-cols-[minmax(4rem,1fr)_minmax(6.5rem,1.6fr)_5rem_5rem_4.5rem_4.5rem_3rem] @xl:items-start @xl:gap-2";

/**
 * The variants, one row each: SKU, price, sale price, stock, weight and the active switch, with bulk
 * setters.
 */
export function ProductVariantsGrid({ fields }: { fields: readonly VariantField[] }) {
  const { control, formState } = useFormContext<ProductFormState>();
  const productName = useWatch({ control, name: "name" });
  const { errors } = formState;
  const gridMessage = errors.variants?.root?.message ?? errors.variants?.message;
  const symbol = useCurrencySymbol();

  return (
    <div className="@container space-y-4 border-t border-neutral-200 pt-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-neutral-900">
          {fields.length} {fields.length === 1 ? "variant" : "variants"}
        </h3>
        <p className="text-xs text-neutral-500">An empty SKU takes the one suggested in it.</p>
      </div>
      <BulkSetters count={fields.length} />
      {gridMessage ? <p className="text-xs font-medium text-danger-700">{gridMessage}</p> : null}
      <div>
        <div
          aria-hidden="true"
          className={cx(
            "hidden border-b border-neutral-200 pb-2 text-xs font-medium text-neutral-500 @xl:grid",
            ROW_COLUMNS,
          )}
        >
          <span>Variant</span>
          <span>SKU</span>
          <span>{inCurrency("Price", symbol)}</span>
          <span>{inCurrency("Sale price", symbol)}</span>
          <span>Stock</span>
          <span>{parcelFields.weight}</span>
          <span>Active</span>
        </div>
        <ul className="space-y-3 @xl:space-y-0 @xl:divide-y @xl:divide-neutral-100">
          {fields.map((field, index) => (
            <li key={field.id}>
              <VariantRowFields index={index} values={field.options} productName={productName} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

interface VariantRowFieldsProps {
  index: number;
  values: readonly string[];
  productName: string;
}

function VariantRowFields({ index, values, productName }: VariantRowFieldsProps) {
  const { register, control, formState } = useFormContext<ProductFormState>();
  const labelId = useId();
  const label = rowLabel(values) || `Variant ${index + 1}`;
  const errors = formState.errors.variants?.[index];
  const rowMessage = firstMessage(errors?.options) ?? errors?._id?.message;
  const number = { setValueAs: asNumber };
  const symbol = useCurrencySymbol();
  const price = useWatch({ control, name: `variants.${index}.price` });

  return (
    // NOTE: a fieldset named by its first cell (a legend cannot be a grid cell); min-w-0 undoes
    // the fieldset's min-content width, which would overflow a narrow card.
    <fieldset
      aria-labelledby={labelId}
      className={cx(
        "grid min-w-0 grid-cols-2 gap-3 rounded-control p-3 ring-1 ring-neutral-200 @sm:grid-cols-3 @xl:rounded-none @xl:px-0 @xl:py-2 @xl:ring-0",
        ROW_COLUMNS,
      )}
    >
      <div className="col-span-2 @sm:col-span-3 @xl:col-span-1 @xl:pt-2">
        <p id={labelId} className="text-sm font-medium break-words text-neutral-900">
          {label}
        </p>
        {rowMessage ? <p className="mt-1 text-xs font-medium text-danger-700">{rowMessage}</p> : null}
      </div>
      <CellField
        label="SKU"
        className="col-span-2 @sm:col-span-3 @xl:col-span-1"
        error={errors?.sku?.message}
        input={{
          ...register(`variants.${index}.sku`),
          autoComplete: "off",
          spellCheck: false,
          placeholder: suggestSku(productName, values),
          className: "font-mono text-xs",
        }}
      />
      <CellField
        label={inCurrency("Price", symbol)}
        error={errors?.price?.message}
        limits={numberLimits(VariantInput.shape.price)}
        input={{
          ...register(`variants.${index}.price`, number),
          type: "number",
          inputMode: "decimal",
          step: "0.01",
        }}
      />
      <CellField
        label={inCurrency("Sale price", symbol)}
        error={errors?.salePrice?.message}
        limits={numberLimits(VariantInput.shape.salePrice, undefined, salePriceBounds(price))}
        input={{
          ...register(`variants.${index}.salePrice`, number),
          type: "number",
          inputMode: "decimal",
          step: "0.01",
          placeholder: "None",
        }}
      />
      <CellField
        label="Stock"
        error={errors?.stock?.message}
        limits={numberLimits(VariantInput.shape.stock)}
        input={{
          ...register(`variants.${index}.stock`, number),
          type: "number",
          inputMode: "numeric",
          step: "1",
        }}
      />
      <CellField
        label={parcelFields.weight}
        error={errors?.weightKg?.message}
        limits={numberLimits(WeightKg, parcelFields.variantWeightHint)}
        input={{
          ...register(`variants.${index}.weightKg`, number),
          type: "number",
          inputMode: "decimal",
          step: "0.001",
          placeholder: parcelFields.variantWeightEmpty,
        }}
      />
      <div className="flex items-center gap-3 @xl:justify-center @xl:pt-2">
        <span className="text-sm font-medium text-neutral-800 @xl:sr-only">Active</span>
        <Controller
          control={control}
          name={`variants.${index}.isActive`}
          render={({ field }) => (
            <StatusToggle checked={field.value} onChange={field.onChange} label={`Active: ${label}`} />
          )}
        />
      </div>
    </fieldset>
  );
}

interface CellFieldProps {
  label: string;
  error: string | undefined;
  className?: string;
  /** The number's limits: its `min` and `max`, and their hint, read aloud and shown on hover. */
  limits?: NumberLimits;
  input: ComponentProps<"input">;
}

/** The ids an input is described by: its limits' hint, then its error. */
function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/**
 * A grid cell: its label shown on a card, read aloud only on a line (the header names the column).
 * NOTE: a cell has no room for a hint under it at 390 px; its limits are read aloud and shown as the
 * input's title instead, and the browser holds the arrows and the wheel within them.
 */
function CellField({ label, error, className, limits, input }: CellFieldProps) {
  const id = useId();
  const { className: inputClass, ...props } = input;
  const { hint, ...bounds } = limits ?? {};
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-neutral-700 @xl:sr-only">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        title={hint}
        className={controlClass(error, cx("h-9 px-2 @xl:mt-0", inputClass))}
        {...bounds}
        {...props}
      />
      {hint ? (
        <span id={`${id}-hint`} className="sr-only">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Set all prices" and "Set all stock": one figure put in every row. Setting the prices of variants
 * with sale prices asks first what becomes of those (SetPricesDialog): none stays at or above its price.
 */
function BulkSetters({ count }: { count: number }) {
  const { setValue, getValues, formState } = useFormContext<ProductFormState>();
  const symbol = useCurrencySymbol();
  const [asking, setAsking] = useState<number | null>(null);
  const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const salePrices = () =>
    Array.from({ length: count }, (_, index) => getValues(`variants.${index}.salePrice`));
  const setAll = (field: "price" | "stock", value: number) => {
    for (let index = 0; index < count; index += 1) setValue(`variants.${index}.${field}`, value, options);
  };
  const setPrices = (price: number) => {
    if (salePrices().some(isOnSale)) setAsking(price);
    else setAll("price", price);
  };
  const choose = (choice: SalePriceChoice) => {
    if (asking === null) return;
    const price = asking;
    salePrices().forEach((sale, index) => {
      if (!isOnSale(sale)) return;
      const next =
        choice.kind === "set" ? choice.salePrice : choice.kind === "keep" && sale < price ? sale : undefined;
      setValue(`variants.${index}.salePrice`, next, options);
    });
    setAll("price", price);
  };
  return (
    <div className="grid gap-3 @md:grid-cols-2">
      <BulkSetter
        label={inCurrency("Price for every variant", symbol)}
        action="Set all prices"
        step="0.01"
        limits={numberLimits(VariantInput.shape.price)}
        onSet={setPrices}
      />
      <BulkSetter
        label="Stock for every variant"
        action="Set all stock"
        step="1"
        limits={numberLimits(VariantInput.shape.stock)}
        onSet={(v) => setAll("stock", v)}
      />
      <SetPricesDialog
        price={asking}
        salePrices={asking === null ? [] : salePrices()}
        onChoose={choose}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}

interface BulkSetterProps {
  label: string;
  action: string;
  step: string;
  /** The figure's limits, as a variant's field has them. */
  limits: NumberLimits;
  onSet: (value: number) => void;
}

function BulkSetter({ label, action, step, limits, onSet }: BulkSetterProps) {
  const id = useId();
  const { hint, ...bounds } = limits;
  const [value, setValue] = useState("");
  const apply = () => {
    const number = asNumber(value);
    if (number === undefined || Number.isNaN(number)) return;
    onSet(number);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // NOTE: Enter would otherwise send the whole product form.
    event.preventDefault();
    apply();
  };
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-neutral-700">
        {label}
      </label>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="number"
          {...bounds}
          step={step}
          aria-describedby={hint ? `${id}-hint` : undefined}
          title={hint}
          inputMode={step === "1" ? "numeric" : "decimal"}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          className={controlClass(undefined, "h-9 min-w-0 flex-1 px-2")}
        />
        <Button variant="secondary" size="sm" className="mt-1.5 h-9" onClick={apply} disabled={value === ""}>
          {action}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
