import type { ComponentProps } from "react";
import { controlClass, Field, type FieldProps, useFieldIds } from "./field";

type TextAreaProps = ComponentProps<"textarea"> & FieldProps;

/** A multi-line text field, labelled and described like TextField. */
export function TextArea({ label, error, hint, id, className, rows = 4, ...props }: TextAreaProps) {
  const { controlId, describedBy } = useFieldIds(id, { hint, error });
  return (
    <Field label={label} hint={hint} error={error} controlId={controlId} className={className}>
      <textarea
        id={controlId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass(error, "py-2")}
        {...props}
      />
    </Field>
  );
}
