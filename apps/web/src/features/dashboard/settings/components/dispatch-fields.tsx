import { PlusIcon, XMarkIcon } from "@heroicons/react/20/solid";
import { settingsPage } from "@shop/shared/messages";
import { MAX_HOLIDAYS } from "@shop/shared/schemas/settings";
import { useId, useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Button } from "#web/components/button";
import { controlClass } from "#web/components/field";
import { SelectField } from "#web/components/select-field";
import { firstMessage } from "#web/features/dashboard/products/components/first-message";
import { formatDay, formatHour, formatWeekday } from "#web/lib/dates";
import type { ShippingFormState } from "./shipping-form-values";

const labels = settingsPage.shipping;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * The shipping section's dispatch rules, from which every delivery day is counted: the cut-off
 * hour (an order placed before it leaves that day), the weekdays nothing leaves, and the holidays.
 */
export function DispatchFields({ readOnly }: { readOnly: boolean }) {
  const { register, control, formState } = useFormContext<ShippingFormState>();
  const errors = formState.errors.dispatch;
  const id = useId();
  const daysError = firstMessage(errors?.nonDispatchDays);

  return (
    <fieldset
      aria-labelledby={`${id}-title`}
      className="min-w-0 space-y-4 rounded-control p-4 ring-1 ring-neutral-200"
    >
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-neutral-900">
          {labels.dispatch}
        </h3>
        <p className="mt-1 text-xs text-neutral-500">{labels.dispatchHint}</p>
      </div>
      <SelectField
        label={labels.cutoffHour}
        hint={labels.cutoffHourHint}
        error={errors?.cutoffHour?.message}
        className="sm:max-w-xs"
        {...register("dispatch.cutoffHour", { setValueAs: Number })}
      >
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {formatHour(hour)}
          </option>
        ))}
      </SelectField>
      <fieldset aria-describedby={daysError ? `${id}-days-error` : undefined} className="min-w-0">
        <legend className="text-sm font-medium text-neutral-800">{labels.nonDispatchDays}</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {WEEKDAYS.map((day) => (
            <label key={day} className="flex min-h-8 items-center gap-2 text-sm text-neutral-800">
              <input
                type="checkbox"
                value={String(day)}
                disabled={readOnly}
                className="size-4 shrink-0 rounded accent-brand-600"
                {...register("dispatch.nonDispatchDays")}
              />
              {formatWeekday(day)}
            </label>
          ))}
        </div>
        {daysError ? (
          <p id={`${id}-days-error`} className="mt-1.5 text-xs font-medium text-danger-700">
            {daysError}
          </p>
        ) : null}
      </fieldset>
      <Controller
        control={control}
        name="dispatch.holidays"
        render={({ field, fieldState }) => (
          <HolidayList
            holidays={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message ?? firstMessage(errors?.holidays)}
            readOnly={readOnly}
          />
        )}
      />
    </fieldset>
  );
}

interface HolidayListProps {
  holidays: string[];
  onChange: (holidays: string[]) => void;
  error: string | undefined;
  readOnly: boolean;
}

/** The holidays, in date order, each with Remove; a date picked is added with Add holiday. */
function HolidayList({ holidays, onChange, error, readOnly }: HolidayListProps) {
  const id = useId();
  const [picked, setPicked] = useState("");
  const add = () => {
    if (picked === "" || holidays.includes(picked)) return;
    onChange([...holidays, picked].sort());
    setPicked("");
  };

  return (
    <div className="min-w-0">
      <p id={`${id}-title`} className="text-sm font-medium text-neutral-800">
        {labels.holidays}
      </p>
      <p className="mt-1 text-xs text-neutral-500">{labels.holidaysHint}</p>
      {holidays.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600">{labels.noHolidays}</p>
      ) : (
        <ul aria-labelledby={`${id}-title`} className="mt-2 flex flex-wrap gap-2">
          {holidays.map((day) => (
            <li
              key={day}
              className="inline-flex items-center gap-1 rounded-full bg-neutral-100 py-1 pr-1 pl-3 text-sm text-neutral-800"
            >
              {formatDay(day)}
              {readOnly ? null : (
                <button
                  type="button"
                  aria-label={labels.removeHoliday(formatDay(day))}
                  onClick={() => onChange(holidays.filter((holiday) => holiday !== day))}
                  className="inline-flex size-6 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-200 hover:text-danger-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <XMarkIcon className="size-4" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <div className="mt-3 flex items-start gap-2">
          <label htmlFor={`${id}-date`} className="sr-only">
            {labels.holiday}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the date; it must not save the section.
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }}
            className={controlClass(undefined, "h-10 max-w-48")}
          />
          <Button
            variant="secondary"
            className="mt-1.5"
            disabled={picked === "" || holidays.length >= MAX_HOLIDAYS}
            onClick={add}
          >
            <PlusIcon className="size-4" aria-hidden="true" />
            {labels.addHoliday}
          </Button>
        </div>
      )}
      {error ? <p className="mt-1.5 text-xs font-medium text-danger-700">{error}</p> : null}
    </div>
  );
}
