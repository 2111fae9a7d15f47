import { type ReactNode, useId } from "react";
import { cx } from "../lib/cx";

export interface FieldProps {
  label: string;
  /** The field's error, shown under it and announced with it. */
  error?: string | undefined;
  hint?: string;
  id?: string | undefined;
  className?: string | undefined;
}

/** The ids that tie a control to its label, hint and error. */
export function useFieldIds(id: string | undefined, { hint, error }: Pick<FieldProps, "hint" | "error">) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const describedBy =
    [hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  return { controlId, describedBy };
}

/** The border and focus ring of a text control, red while it has an error. */
export function controlClass(error: string | undefined, extra: string) {
  return cx(
    "mt-1.5 block w-full rounded-control border bg-white px-3 text-sm text-neutral-900 shadow-xs placeholder:text-neutral-400 focus:outline-2 focus:-outline-offset-1 disabled:cursor-not-allowed disabled:bg-neutral-50 disabled:text-neutral-500",
    error
      ? "border-danger-600 focus:outline-danger-600"
      : "border-neutral-300 focus:border-brand-600 focus:outline-brand-600",
    extra,
  );
}

/** A labelled control with its hint and error underneath (TextField, TextArea). */
export function Field({
  label,
  hint,
  error,
  controlId,
  className,
  children,
}: Omit<FieldProps, "id"> & { controlId: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className="block text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${controlId}-hint`} className="mt-1.5 text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} className="mt-1.5 text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
