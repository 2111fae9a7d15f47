import { taxFields } from "@shop/shared/messages";
import { TAX_SLABS_MAX, TaxSlab } from "@shop/shared/schemas/category";
import type { FieldError, Merge } from "react-hook-form";
import { Button } from "#web/components/button";
import { TextField } from "#web/components/text-field";
import { numberLimits } from "#web/lib/number-limits";

/**
 * A slab as the form holds it: its limit (null for the last, which has none; undefined while its
 * field is empty) and its rate (undefined while empty); the forms' schemas answer an empty one with
 * 'This is required.'.
 */
export interface TaxSlabRow {
  upTo: number | null | undefined;
  rate: number | undefined;
}

/** GST 2.0's clothes and shoes (from 22 September 2025): 5% on a piece up to 2,500, 18% above. */
export const SUGGESTED_SLABS: readonly TaxSlabRow[] = [
  { upTo: 2500, rate: 5 },
  { upTo: null, rate: 18 },
];

type SlabErrors = Merge<
  FieldError,
  (Merge<FieldError, { upTo?: FieldError; rate?: FieldError }> | undefined)[]
>;

interface TaxSlabsFieldProps {
  value: readonly TaxSlabRow[];
  onChange: (value: TaxSlabRow[]) => void;
  onBlur?: () => void;
  /** react-hook-form's field ref: the first slab's limit takes the focus of an error. */
  ref?: (element: HTMLInputElement | null) => void;
  /** The form's errors of `taxSlabs`: the whole list's (too few, out of order) and each slab's fields. */
  errors?: SlabErrors | undefined;
}

/** An empty number field is "no value" (the schema says 'This is required.'), not NaN or 0. */
const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text));

/**
 * A rate by the price of a piece: each slab's limit and rate, the last one's rate for any price
 * above; a slab can be added before the last (up to TAX_SLABS_MAX) and removed while more than two
 * are left.
 */
export function TaxSlabsField({ value, onChange, onBlur, ref, errors }: TaxSlabsFieldProps) {
  const rows = value.length > 0 ? value : SUGGESTED_SLABS;
  const change = (index: number, row: Partial<TaxSlabRow>) =>
    onChange(rows.map((slab, i) => (i === index ? { ...slab, ...row } : { ...slab })));
  const add = () =>
    onChange([
      ...rows.slice(0, -1).map((slab) => ({ ...slab })),
      { upTo: undefined, rate: undefined },
      ...rows.slice(-1),
    ]);
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index).map((slab) => ({ ...slab })));
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-medium text-neutral-800">{taxFields.slabsTitle}</legend>
      <p className="text-xs text-neutral-500">{taxFields.slabsHint}</p>
      {rows.map((slab, index) => {
        const last = index === rows.length - 1;
        const rowErrors = errors?.[index];
        return (
          // NOTE: keyed by position: a row is its place in the list (its limit and rate are the form's).
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place.
          <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
            {last ? (
              <div aria-hidden="true" />
            ) : (
              <TextField
                label={taxFields.slabUpTo(index + 1)}
                type="number"
                inputMode="decimal"
                step="0.01"
                {...numberLimits(TaxSlab.shape.upTo)}
                value={slab.upTo ?? ""}
                onChange={(event) => change(index, { upTo: numberOf(event.target.value) })}
                onBlur={onBlur}
                ref={index === 0 ? ref : undefined}
                error={rowErrors?.upTo?.message}
              />
            )}
            <TextField
              label={last ? taxFields.slabAboveRate : taxFields.slabRate(index + 1)}
              type="number"
              inputMode="decimal"
              step="0.01"
              {...numberLimits(TaxSlab.shape.rate)}
              value={slab.rate ?? ""}
              onChange={(event) => change(index, { rate: numberOf(event.target.value) })}
              onBlur={onBlur}
              error={rowErrors?.rate?.message}
            />
            {!last && rows.length > 2 ? (
              <Button variant="ghost" className="mt-7" onClick={() => remove(index)}>
                <span className="sr-only">{taxFields.removeSlab(index + 1)}</span>
                <span aria-hidden="true">×</span>
              </Button>
            ) : (
              <div className="w-10" aria-hidden="true" />
            )}
          </div>
        );
      })}
      {listError ? (
        <p role="alert" className="text-xs font-medium text-danger-700">
          {listError}
        </p>
      ) : null}
      {rows.length < TAX_SLABS_MAX ? (
        <Button variant="secondary" size="sm" onClick={add}>
          {taxFields.addSlab}
        </Button>
      ) : null}
    </fieldset>
  );
}
