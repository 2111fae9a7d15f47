import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ApiError } from "./api";

/** Puts the server's field errors (keys are dotted paths, e.g. "name.firstName") under their fields. */
export function applyServerErrors<T extends FieldValues>(
  error: ApiError,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  for (const [path, message] of Object.entries(error.errors)) {
    const field = fields.find((candidate) => candidate === path);
    if (field) setError(field, { type: "server", message });
  }
}
