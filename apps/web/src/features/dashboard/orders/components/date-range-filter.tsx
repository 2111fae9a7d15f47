import { validation } from "@shop/shared/messages";
import { TextField } from "#web/components/text-field";

export interface DateRange {
  from: string;
  to: string;
}

/** Whether a range ends before it starts (both days given as YYYY-MM-DD, which compare as text). */
export function isBackwards({ from, to }: DateRange): boolean {
  return from !== "" && to !== "" && to < from;
}

/**
 * The days an orders list covers, both included: two date fields that apply on change. A range
 * that ends before it starts is named under 'To' (the list then ignores it).
 */
export function DateRangeFilter({
  range,
  onChange,
  legend = "Placed between",
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
  /** What the two days bound, for screen readers. */
  legend?: string;
}) {
  return (
    <fieldset className="flex flex-wrap items-start gap-2 max-sm:w-full">
      <legend className="sr-only">{legend}</legend>
      <TextField
        label="From"
        type="date"
        value={range.from}
        max={range.to || undefined}
        onChange={(event) => onChange({ ...range, from: event.target.value })}
        className="w-40 max-sm:flex-1 max-sm:basis-40"
      />
      <TextField
        label="To"
        type="date"
        value={range.to}
        min={range.from || undefined}
        onChange={(event) => onChange({ ...range, to: event.target.value })}
        error={isBackwards(range) ? validation.dateRange : undefined}
        className="w-40 max-sm:flex-1 max-sm:basis-40"
      />
    </fieldset>
  );
}
