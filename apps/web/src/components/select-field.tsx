import type { ComponentProps } from "react";
import { cx } from "../lib/cx";
import type { FieldProps } from "./field";
import { useFieldIds } from "./field";

type SelectFieldProps = Omit<ComponentProps<"select">, "size"> &
  FieldProps & {
    /**
     * "stacked" (a form): the label above, the hint and error under. "inline" (a toolbar): the label
     * beside it. "hidden" (a table row): the label for screen readers only.
     */
    layout?: "stacked" | "inline" | "hidden";
    /** The smaller height of a table row's control. */
    compact?: boolean;
    /** Extra classes of the <select> itself; `className` is the wrapper's. */
    controlClassName?: string;
  };

const labelClasses = {
  stacked: "block text-sm font-medium text-neutral-800",
  inline: "text-sm text-neutral-700",
  hidden: "sr-only",
} as const;

/** A labelled native select, described by its hint and error like TextField. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  layout = "stacked",
  compact = false,
  controlClassName,
  children,
  ...props
}: SelectFieldProps) {
  const stacked = layout === "stacked";
  const { controlId, describedBy } = useFieldIds(id, stacked ? { hint, error } : {});
  return (
    <div className={cx(layout === "inline" && "flex items-center gap-2", className)}>
      <label htmlFor={controlId} className={labelClasses[layout]}>
        {label}
      </label>
      <select
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          "rounded-control border bg-white pr-8 text-sm text-neutral-900 shadow-xs focus:outline-2 focus:-outline-offset-1 disabled:cursor-not-allowed disabled:bg-neutral-50 disabled:text-neutral-500",
          error
            ? "border-danger-600 focus:outline-danger-600"
            : "border-neutral-300 focus:border-brand-600 focus:outline-brand-600",
          compact ? "h-9 pl-2" : "h-10 pl-3",
          stacked && "mt-1.5 block w-full",
          controlClassName,
        )}
        {...props}
      >
        {children}
      </select>
      {stacked && hint ? (
        <p id={`${controlId}-hint`} className="mt-1.5 text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
      {stacked && error ? (
        <p id={`${controlId}-error`} className="mt-1.5 text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
