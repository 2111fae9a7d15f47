import { settingsPage } from "@shop/shared/messages";
import type { SettingsSection } from "@shop/shared/schemas/settings";
import { type FormEventHandler, type ReactNode, useId } from "react";
import { Button } from "#web/components/button";

export const cardClass = "rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200 sm:p-6";

interface SettingsCardProps {
  section: SettingsSection;
  /** A manager's view: every control is disabled and there is no Save button. */
  readOnly: boolean;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * One section of the settings as a form of its own: its title and what it is for, its fields, and
 * its Save button, which saves this section alone.
 */
export function SettingsCard({ section, readOnly, saving, onSubmit, children }: SettingsCardProps) {
  const headingId = useId();
  const { title, description } = settingsPage.sections[section];
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className={`${cardClass} space-y-5`}>
      <div>
        <h2 id={headingId} className="text-base font-semibold text-neutral-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-neutral-500">{description}</p>
      </div>
      {/* NOTE: a disabled fieldset disables every control in it; min-w-0 undoes its min-content width. */}
      <fieldset disabled={readOnly} className="min-w-0 space-y-5">
        {children}
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end border-t border-neutral-100 pt-4">
          <Button
            type="submit"
            loading={saving}
            aria-label={settingsPage.saveSection(title)}
            className="max-sm:w-full"
          >
            {settingsPage.save}
          </Button>
        </div>
      )}
    </form>
  );
}
