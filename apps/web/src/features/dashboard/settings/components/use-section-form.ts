import { formErrors } from "@shop/shared/messages";
import type { Settings, SettingsSection } from "@shop/shared/schemas/settings";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import { isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useSaveSettings } from "../api/save-settings";

interface SectionFormOptions<S extends SettingsSection, TState extends FieldValues> {
  /** The form's schema (the section's, or one that reads the form's strings into it). */
  resolver: Resolver<TState, unknown, Settings[S]>;
  value: Settings[S];
  /** What the form shows of a section's value (the value itself unless said). */
  toState: (value: Settings[S]) => TState;
  /** The fields a server's field error may name. */
  fields: readonly Path<TState>[] | ((path: string) => path is Path<TState>);
}

/**
 * One section's form, saved on its own: filled from the section, checked by its schema before
 * anything is sent (a toast says so when it refuses), the server's field errors put under their
 * fields, and the form filled again from what was saved.
 */
export function useSectionForm<S extends SettingsSection, TState extends FieldValues>(
  section: S,
  { resolver, value, toState, fields }: SectionFormOptions<S, TState>,
) {
  const save = useSaveSettings(section);
  const form = useForm<TState, unknown, Settings[S]>({
    resolver,
    defaultValues: toState(value) as DefaultValues<TState>,
  });
  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (saved) => form.reset(toState(saved)),
        onError: (error) => {
          if (isApiError(error)) applyServerErrors(error, fields, form.setError);
        },
      }),
    () => toast.error(formErrors.invalidInput),
  );
  return { form, onSubmit, saving: save.isPending };
}
