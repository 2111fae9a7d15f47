/** The demo shop at start: accounts, catalogue and orders, in demo mode only (never in production). */
import type { Config } from "#api/config";
import type { Database } from "#api/db/client";
import type { MediaStorage } from "#api/storage/storage";
import { seedDemoAccounts } from "./demo-accounts";
import { seedDemoCatalog } from "./demo-catalog";

/**
 * Seeds the demo accounts, and the demo catalogue with its orders into an empty shop, when the
 * configuration asks for the demo (parseConfig turns it off in production); answers whether the
 * catalogue was seeded. The storage is only opened when it is needed.
 */
export async function seedDemoShop(
  db: Database,
  config: Pick<Config, "demo">,
  openStorage: () => MediaStorage,
): Promise<boolean> {
  if (!config.demo) return false;
  await seedDemoAccounts(db);
  const storage = openStorage();
  try {
    return await seedDemoCatalog(db, storage);
  } finally {
    storage.close();
  }
}
