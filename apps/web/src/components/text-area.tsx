import { type ComponentProps, useId } from "react";
import { cx } from "../lib/cx";

interface TextAreaProps extends ComponentProps<"textarea"> {
  label: string;
  /** The field's error, shown under it and announced with it. */
  error?: string | undefined;
  hint?: string;
}

/** A multi-line text field, labelled and described like TextField. */
export function TextArea({ label, error, hint, id, className, rows = 4, ...props }: TextAreaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          "mt-1.5 block w-full rounded-control border bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs placeholder:text-neutral-400 focus:outline-2 focus:-outline-offset-1",
          error
            ? "border-danger-600 focus:outline-danger-600"
            : "border-neutral-300 focus:border-brand-600 focus:outline-brand-600",
        )}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
