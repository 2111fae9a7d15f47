/** Starts the shop: reads the configuration, opens and migrates the database, seeds the demo, listens. */
import { buildApp } from "./app";
import { parseConfig } from "./config";
import { migrate, openDatabase } from "./db/client";
import { seedDemoAccounts } from "./db/seed/demo-accounts";
import { seedDemoCatalog } from "./db/seed/demo-catalog";
import { startOrderSweep } from "./modules/orders/sweep";
import { createStorage } from "./storage/create-storage";

async function main() {
  const config = parseConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  await migrate(database);
  let seededCatalog = false;
  if (config.demo) {
    await seedDemoAccounts(database.db);
    const storage = createStorage(config);
    try {
      seededCatalog = await seedDemoCatalog(database.db, storage);
    } finally {
      storage.close();
    }
  }

  const app = await buildApp({ config, database });
  if (seededCatalog) app.log.info("demo catalogue seeded");
  let stopSweep: (() => Promise<void>) | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await stopSweep?.();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  stopSweep = startOrderSweep(database.db, config.orderHoldMinutes, app.log);
  app.log.info(
    { database: database.kind, demo: config.demo, payments: config.paypal ? "paypal" : "test" },
    "shop is ready",
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
