import { salesReports } from "@shop/shared/messages";
import { TextField } from "#web/components/text-field";
import { cx } from "#web/lib/cx";
import { coveringText, type DayRange, PERIODS, type Period } from "../period";

interface PeriodPickerProps {
  period: Period;
  range: DayRange;
  onPeriod: (period: Period) => void;
  onRange: (range: DayRange) => void;
  /** Messages under the custom range's fields: the API's field errors, or a day left out. */
  errors: Partial<Record<keyof DayRange, string>>;
}

/**
 * The report's period: one of the presets, or a custom range of two days (both included). The chosen
 * days are written out beside the choices, as the shop's clock reads them.
 */
export function PeriodPicker({ period, range, onPeriod, onRange, errors }: PeriodPickerProps) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <fieldset>
          <legend className="sr-only">{salesReports.period}</legend>
          <div className="flex flex-wrap gap-2">
            {PERIODS.map((value) => (
              <label key={value} className="relative">
                <input
                  type="radio"
                  name="report-period"
                  value={value}
                  checked={period === value}
                  onChange={() => onPeriod(value)}
                  className="peer sr-only"
                />
                <span
                  className={cx(
                    "inline-flex h-9 cursor-pointer items-center rounded-full px-3.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset transition-colors",
                    "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                    period === value
                      ? "bg-brand-600 text-white ring-brand-600"
                      : "bg-white text-neutral-700 ring-neutral-300 hover:bg-neutral-50",
                  )}
                >
                  {salesReports.periods[value]}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {range.from && range.to && range.from <= range.to ? (
          <p className="text-sm text-neutral-600 tabular-nums">{coveringText(range)}</p>
        ) : null}
      </div>
      {period === "custom" ? (
        <fieldset className="grid max-w-sm grid-cols-2 items-start gap-3">
          <legend className="sr-only">{salesReports.periods.custom}</legend>
          <TextField
            label={salesReports.from}
            type="date"
            value={range.from}
            onChange={(event) => onRange({ ...range, from: event.target.value })}
            error={errors.from}
          />
          <TextField
            label={salesReports.to}
            type="date"
            value={range.to}
            onChange={(event) => onRange({ ...range, to: event.target.value })}
            error={errors.to}
          />
        </fieldset>
      ) : null}
    </div>
  );
}
