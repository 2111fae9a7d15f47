import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ApiError } from "./api";

/**
 * Puts the server's field errors (keys are dotted paths, e.g. "name.firstName" or "variants.2.sku")
 * under their fields: those listed, or those a predicate accepts (a form with rows). The first of
 * them takes focus, so that it is in view and a keyboard is on it.
 */
export function applyServerErrors<T extends FieldValues>(
  error: ApiError,
  fields: readonly Path<T>[] | ((path: string) => path is Path<T>),
  setError: UseFormSetError<T>,
) {
  const known = (path: string): path is Path<T> =>
    typeof fields === "function" ? fields(path) : fields.some((candidate) => candidate === path);
  let first = true;
  for (const [path, message] of Object.entries(error.errors)) {
    if (!known(path)) continue;
    setError(path, { type: "server", message }, { shouldFocus: first });
    first = false;
  }
}
