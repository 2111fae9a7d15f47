import { zodResolver } from "@hookform/resolvers/zod";
import { settingsPage } from "@shop/shared/messages";
import { InventorySettings } from "@shop/shared/schemas/settings";
import { TextField } from "#web/components/text-field";
import { numberLimits } from "#web/lib/number-limits";
import { SettingsCard } from "./settings-card";
import {
  asNumber,
  INVENTORY_FIELDS,
  type InventoryFormState,
  inventoryFormSchema,
} from "./settings-form-values";
import { useSectionForm } from "./use-section-form";

const labels = settingsPage.inventory;

/** The stock at or under which a variant is marked low on the products and inventory pages. */
export function InventoryForm({ value, readOnly }: { value: InventorySettings; readOnly: boolean }) {
  const { form, onSubmit, saving } = useSectionForm("inventory", {
    resolver: zodResolver(inventoryFormSchema),
    value,
    toState: (inventory): InventoryFormState => inventory,
    fields: INVENTORY_FIELDS,
  });
  const { register, formState } = form;
  return (
    <SettingsCard section="inventory" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.lowStockThreshold}
          type="number"
          inputMode="numeric"
          step="1"
          {...numberLimits(InventorySettings.shape.lowStockThreshold, labels.lowStockThresholdHint)}
          error={formState.errors.lowStockThreshold?.message}
          {...register("lowStockThreshold", { setValueAs: asNumber })}
        />
      </div>
    </SettingsCard>
  );
}
