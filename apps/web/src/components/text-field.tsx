import type { ComponentProps } from "react";
import { controlClass, Field, type FieldProps, useFieldIds } from "./field";

type TextFieldProps = ComponentProps<"input"> & FieldProps;

export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const { controlId, describedBy } = useFieldIds(id, { hint, error });
  return (
    <Field label={label} hint={hint} error={error} controlId={controlId} className={className}>
      <input
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass(error, "h-10")}
        {...props}
      />
    </Field>
  );
}
