import { zodResolver } from "@hookform/resolvers/zod";
import { settingsPage } from "@shop/shared/messages";
import { SecuritySettings } from "@shop/shared/schemas/settings";
import { Controller } from "react-hook-form";
import { StatusToggleField } from "#web/components/status-toggle";
import { SettingsCard } from "./settings-card";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.security;
const FIELDS = ["requireStaffTwoFactor"] as const;

/** Whether staff must sign in with two steps to use the dashboard. */
export function SecurityForm({ value, readOnly }: { value: SecuritySettings; readOnly: boolean }) {
  const { form, onSubmit, saving } = useSectionForm("security", {
    resolver: zodResolver(SecuritySettings),
    value,
    toState: (security): SecuritySettings => security,
    fields: FIELDS,
  });

  return (
    <SettingsCard section="security" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <Controller
        control={form.control}
        name="requireStaffTwoFactor"
        render={({ field }) => (
          <StatusToggleField
            label={labels.requireStaffTwoFactor}
            hint={labels.requireStaffTwoFactorHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
    </SettingsCard>
  );
}
