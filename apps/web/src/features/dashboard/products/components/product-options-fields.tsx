import { PlusIcon, TrashIcon, XMarkIcon } from "@heroicons/react/20/solid";
import { OPTION_VALUES_MAX, PRODUCT_OPTIONS_MAX, PRODUCT_VARIANTS_MAX } from "@shop/shared/constants";
import { validation } from "@shop/shared/messages";
import { type ProductDto, ProductOptionInput } from "@shop/shared/schemas/product";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "#web/components/button";
import { controlClass } from "#web/components/field";
import { TextField } from "#web/components/text-field";
import { firstMessage } from "./first-message";
import type { ProductFormState } from "./product-form-values";
import { ProductVariantsGrid } from "./product-variants-grid";
import { combinationCount, type KeyedRow, keyRows, syncVariants, type VariantRow } from "./variant-rows";

/** One value of an option, as the shared schema checks it (trimmed, 1 to 30 characters). */
const OptionValue = ProductOptionInput.shape.values.element;

/**
 * The options (Size, Colour) and the variant grid they make: every combination of their values is
 * a row. Adding or removing a value or an option rebuilds the grid, and each combination keeps the
 * row that fits it (its id, SKU, prices and stock); rows dropped on the way are remembered, so a
 * value removed by mistake and added again comes back as it was.
 */
export function ProductOptionsFields({ product }: { product: ProductDto | undefined }) {
  const { control, getValues, setValue, formState } = useFormContext<ProductFormState>();
  const options = useFieldArray({ control, name: "options" });
  const variants = useFieldArray({ control, name: "variants" });
  const remembered = useRef<KeyedRow[]>([]);
  const { errors } = formState;
  const optionsMessage = errors.options?.root?.message ?? errors.options?.message;

  /** The price and stock fields as one row: what the first variant starts from. */
  const plainRow = (): VariantRow => {
    // The default variant of a product without options becomes its first combination, with its size.
    const own = product && product.options.length === 0 ? product.variants[0] : undefined;
    return {
      _id: own?._id,
      sku: "",
      options: [],
      price: getValues("price"),
      salePrice: getValues("onSale") ? getValues("salePrice") : undefined,
      stock: getValues("stock") ?? 0,
      isActive: true,
      weightKg: own?.weightKg ?? undefined,
      dimensionsCm: own?.dimensionsCm ?? null,
    };
  };

  /** Rebuilds the grid for `next`, the options by field key (as they will be), from the rows of `keys`. */
  const rebuild = (keys: readonly string[], next: { key: string; values: readonly string[] }[]) => {
    const rows = getValues("variants");
    const current = rows.length > 0 ? keyRows(keys, rows) : [{ row: plainRow(), values: new Map() }];
    // A variant is one row at most: a remembered one whose id a current row holds stays out.
    const held = new Set(current.flatMap((candidate) => (candidate.row._id ? [candidate.row._id] : [])));
    const others = remembered.current.filter(
      (candidate) => !candidate.row._id || !held.has(candidate.row._id),
    );
    const result = syncVariants(next, current, others, rows[0] ?? plainRow());
    remembered.current = result.dropped.filter((candidate) => candidate.row.sku || candidate.row._id);
    variants.replace(result.rows);
    const [first] = rows;
    if (result.rows.length === 0 && first) {
      // Back to one product without options: the price and stock fields start from the grid.
      const validate = { shouldValidate: formState.isSubmitted };
      setValue("price", first.price, validate);
      setValue("onSale", first.salePrice !== undefined && first.salePrice !== 0, validate);
      setValue("salePrice", first.salePrice, validate);
      setValue(
        "stock",
        rows.reduce((sum, row) => sum + (row.isActive ? (row.stock ?? 0) : 0), 0),
        validate,
      );
    }
  };

  const keys = () => options.fields.map((field) => field.id);
  const withValues = (index: number, values: string[]) =>
    options.fields.map((field, i) => ({
      key: field.id,
      values: i === index ? values : getValues(`options.${i}.values`),
    }));

  const setOptionValues = (index: number, values: string[]) => {
    const next = withValues(index, values);
    setValue(`options.${index}.values`, values, { shouldValidate: formState.isSubmitted });
    rebuild(keys(), next);
  };

  const removeOption = (index: number) => {
    const next = withValues(-1, []).filter((_, i) => i !== index);
    rebuild(keys(), next);
    options.remove(index);
  };

  return (
    <section aria-labelledby="product-options-heading" className="space-y-5">
      <div>
        <h2 id="product-options-heading" className="text-base font-semibold text-neutral-900">
          Options and variants
        </h2>
        <p className="mt-1 text-sm text-neutral-500">
          Sizes, colours and the like: every combination of their values is a variant with its own SKU, price
          and stock. Up to {PRODUCT_OPTIONS_MAX} options and {PRODUCT_VARIANTS_MAX} variants.
        </p>
      </div>
      {options.fields.length > 0 ? (
        <ul className="space-y-4">
          {options.fields.map((field, index) => (
            <li key={field.id}>
              <OptionEditor
                index={index}
                onValuesChange={(values) => setOptionValues(index, values)}
                onRemove={() => removeOption(index)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {/* A message about the options as a whole (at most 3). */}
      {optionsMessage ? <p className="text-xs font-medium text-danger-700">{optionsMessage}</p> : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={options.fields.length >= PRODUCT_OPTIONS_MAX}
        onClick={() => options.append({ name: "", values: [] })}
      >
        <PlusIcon className="size-4" aria-hidden="true" />
        Add option
      </Button>
      {variants.fields.length > 0 || errors.variants ? (
        <ProductVariantsGrid fields={variants.fields} />
      ) : null}
    </section>
  );
}

interface OptionEditorProps {
  index: number;
  onValuesChange: (values: string[]) => void;
  onRemove: () => void;
}

/** An option's name and its values as chips: Enter, a comma or Add puts what was typed in. */
function OptionEditor({ index, onValuesChange, onRemove }: OptionEditorProps) {
  const { register, control, getValues, formState } = useFormContext<ProductFormState>();
  const name = useWatch({ control, name: `options.${index}.name` });
  const values = useWatch({ control, name: `options.${index}.values` }) ?? [];
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | undefined>();
  const inputId = useId();
  const legend = `Option ${index + 1}`;
  const errors = formState.errors.options?.[index];
  const valuesError = draftError ?? firstMessage(errors?.values);

  const add = () => {
    const next = [...values];
    for (const part of draft.split(",")) {
      if (!part.trim() && draft.includes(",")) continue;
      const parsed = OptionValue.safeParse(part);
      let problem: string | undefined;
      if (!parsed.success) problem = parsed.error.issues[0]?.message ?? validation.notAnOption;
      else if (next.some((value) => value.toLowerCase() === parsed.data.toLowerCase()))
        problem = validation.optionValueRepeated;
      else if (next.length >= OPTION_VALUES_MAX) problem = validation.max(OPTION_VALUES_MAX);
      else if (
        combinationCount(
          getValues("options").map((option, i) => ({
            values: i === index ? [...next, parsed.data] : option.values,
          })),
        ) > PRODUCT_VARIANTS_MAX
      )
        problem = validation.max(PRODUCT_VARIANTS_MAX);
      if (problem || !parsed.success) {
        setDraftError(problem);
        if (next.length > values.length) onValuesChange(next);
        setDraft(part.trim());
        return;
      }
      next.push(parsed.data);
    }
    setDraftError(undefined);
    setDraft("");
    if (next.length > values.length) onValuesChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      // NOTE: Enter would otherwise send the whole product form.
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && draft === "" && values.length > 0) {
      onValuesChange(values.slice(0, -1));
    }
  };

  return (
    <fieldset className="@container rounded-control p-3 ring-1 ring-neutral-200 sm:p-4">
      <legend className="sr-only">{legend}</legend>
      <div className="flex items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-3 @xl:grid-cols-[12rem_1fr] @xl:gap-4">
          <TextField
            label={`${legend} name`}
            placeholder={index === 0 ? "Size" : index === 1 ? "Colour" : "Material"}
            autoComplete="off"
            error={errors?.name?.message}
            {...register(`options.${index}.name`)}
          />
          <div className="min-w-0">
            <label htmlFor={inputId} className="block text-sm font-medium text-neutral-800">
              {name ? `${name} values` : `${legend} values`}
            </label>
            {values.length > 0 ? (
              <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={`${name || legend} values`}>
                {values.map((value) => (
                  <li
                    key={value}
                    className="inline-flex h-7 items-center gap-1 rounded-full bg-brand-50 pr-1 pl-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200 ring-inset"
                  >
                    {value}
                    <button
                      type="button"
                      onClick={() => onValuesChange(values.filter((other) => other !== value))}
                      className="inline-flex size-5 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 hover:text-brand-900"
                      aria-label={`Remove ${value}`}
                    >
                      <XMarkIcon className="size-3.5" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex items-start gap-2">
              <input
                id={inputId}
                value={draft}
                onChange={(event) => {
                  setDraft(event.target.value);
                  setDraftError(undefined);
                }}
                onKeyDown={onKeyDown}
                autoComplete="off"
                placeholder={index === 0 ? "S, M, L" : "Add a value"}
                aria-invalid={valuesError ? true : undefined}
                aria-describedby={`${inputId}-hint${valuesError ? ` ${inputId}-error` : ""}`}
                className={controlClass(valuesError, "h-10 min-w-0 flex-1")}
              />
              <Button variant="secondary" className="mt-1.5" onClick={add} disabled={draft.trim() === ""}>
                Add
              </Button>
            </div>
            <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-neutral-500">
              Press Enter or type a comma after each value.
            </p>
            {valuesError ? (
              <p id={`${inputId}-error`} className="mt-1.5 text-xs font-medium text-danger-700">
                {valuesError}
              </p>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          onClick={onRemove}
          className="mt-7 inline-flex size-9 shrink-0 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-danger-700"
          aria-label={`Remove ${name || legend.toLowerCase()}`}
          title="Remove option"
        >
          <TrashIcon className="size-5" aria-hidden="true" />
        </button>
      </div>
    </fieldset>
  );
}
