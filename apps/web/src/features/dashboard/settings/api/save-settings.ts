import { settingsPage } from "@shop/shared/messages";
import type { Settings, SettingsSection } from "@shop/shared/schemas/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage, type ResponseSchema } from "#web/lib/api";
import { configQueryOptions } from "#web/lib/config";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";
import { settingsQueryOptions } from "./get-settings";

/** The schema of each section's answer: the saved section. */
const SECTION_SCHEMAS: { [S in SettingsSection]: ResponseSchema<Settings[S]> | undefined } = {
  store: responseSchemas.storeSettings,
  currency: responseSchemas.currencySettings,
  taxes: responseSchemas.taxSettings,
  shipping: responseSchemas.shippingSettings,
  checkout: responseSchemas.checkoutSettings,
  fulfilment: responseSchemas.fulfilmentSettings,
  inventory: responseSchemas.inventorySettings,
  security: responseSchemas.securitySettings,
  marketing: responseSchemas.marketingSettings,
  whatsapp: responseSchemas.whatsappSettings,
};

/** PUT /api/settings/{section} (admin): the section's whole object; answers the section as saved. */
export function saveSettings<S extends SettingsSection>(section: S, body: Settings[S]) {
  return api.put(`/settings/${section}`, body, {
    schema: SECTION_SCHEMAS[section],
    defaultMessage: settingsPage.saveFailed,
  });
}

export function useSaveSettings<S extends SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Settings[S]) => saveSettings(section, body),
    onSuccess: (saved) => {
      toast.success(settingsPage.saved(settingsPage.sections[section].title));
      // NOTE: only this section changes in the cache; a refetch of the whole would be no fresher,
      // and the other sections' forms keep what is being typed in them either way.
      queryClient.setQueryData(settingsQueryOptions().queryKey, (current) =>
        current ? { ...current, [section]: saved } : current,
      );
      // The store's details and the checkout limits reach the storefront through GET /api/config.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.settingsHistory }),
        queryClient.invalidateQueries({ queryKey: configQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
