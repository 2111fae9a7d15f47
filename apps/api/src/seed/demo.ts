/** The demo shop at start: accounts, catalogue and orders, in demo mode only (never in production). */
import type { Config } from "#api/config";
import type { Database } from "#api/db/client";
import { recordSupplier, supplierOf } from "#api/modules/invoices/service";
import { createSettingsStore } from "#api/modules/settings/service";
import type { MediaStorage } from "#api/storage/storage";
import { seedDemoAccounts } from "./demo-accounts";
import { seedDemoCatalog } from "./demo-catalog";

/**
 * Seeds the demo accounts, and the demo catalogue with its orders into an empty shop, when the
 * configuration asks for the demo (parseConfig turns it off in production); answers whether the
 * catalogue was seeded. The storage is only opened when it is needed. The orders are priced with the
 * shop's settings as the checkout reads them (taxes, the seller's state, shipping, currency).
 * `progress` is told each step as it goes (the server logs it).
 */
export async function seedDemoShop(
  db: Database,
  config: Config,
  openStorage: () => MediaStorage,
  progress?: (message: string) => void,
): Promise<boolean> {
  if (!config.demo) return false;
  await seedDemoAccounts(db);
  const settings = await createSettingsStore(db, config, { cacheMs: 0 }).current();
  // The demo's invoices and credit notes state the store as its settings have it, in its series.
  await recordSupplier(db, supplierOf(settings.store));
  const terms = {
    taxes: settings.taxes,
    storeState: settings.store.state,
    shipping: settings.shipping.methods,
    currency: settings.currency.code,
  };
  const storage = openStorage();
  try {
    return await seedDemoCatalog(db, storage, { terms, ...(progress ? { progress } : {}) });
  } finally {
    storage.close();
  }
}
