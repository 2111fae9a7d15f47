/** Starts the shop: reads the configuration, opens and migrates the database, seeds the demo, listens. */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { parseConfig } from "./config";
import { keyringOfConfig } from "./core/sealed";
import { type DatabaseHandle, migrateAsOwner, openDatabase } from "./db/client";
import { flushLog } from "./http/request-log";
import { startReminderSender } from "./modules/carts/reminders";
import { startOrderSweep } from "./modules/orders/sweep";
import { startPaymentSweep } from "./modules/payments/sweep";
import { startSoldCountsFold } from "./modules/products/sold-counts";
import { backfillCreditNotes } from "./modules/refunds/backfill";
import { startSalesSlotsFold } from "./modules/reports/slots";
import { bindSecrets } from "./modules/secrets/reseal";
import { startBackInStockSender } from "./modules/stock-alerts/sender";
import { warnWhenVacuumIsOff } from "./modules/system/vacuum-check";
import { seedDemoShop } from "./seed/demo";
import { createStorage } from "./storage/create-storage";

let database: DatabaseHandle | undefined;
let app: FastifyInstance | undefined;
let stopSweep: (() => Promise<void>) | undefined;
let stopPaymentSweep: (() => Promise<void>) | undefined;
let stopSoldCounts: (() => Promise<void>) | undefined;
let stopSalesSlots: (() => Promise<void>) | undefined;
let stopReminders: (() => Promise<void>) | undefined;
let stopBackInStock: (() => Promise<void>) | undefined;
let closing = false;

/**
 * Ends the process once the log is written out.
 * NOTE: the log is written asynchronously (http/request-log.ts), and process.exit stops the event
 * loop that writes it: what is still queued ("shutting down" among it) is written here, at once.
 * pino does the same on the 'exit' event, which also covers a crash; the shop does not leave its
 * last lines to that alone.
 */
function exit(code: number): never {
  flushLog();
  return process.exit(code);
}

/** Stops taking requests, lets the ones in flight finish, then closes the database. */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app?.log.info({ signal }, "shutting down");
  const force = setTimeout(() => exit(1), 10_000);
  force.unref();
  try {
    await stopSweep?.();
    await stopPaymentSweep?.();
    await stopSoldCounts?.();
    await stopSalesSlots?.();
    await stopReminders?.();
    await stopBackInStock?.();
    await app?.close();
    await database?.close();
    exit(0);
  } catch (error) {
    console.error("shutdown failed:", error);
    exit(1);
  }
}

async function main() {
  // Handlers first, so that a signal during migrations or seeding still closes the database cleanly.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  const config = parseConfig();
  for (const warning of config.warnings) console.warn(`warning: ${warning}`);
  database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  await migrateAsOwner(database, config.migrationDatabaseUrl);
  // Built before the seed: building checks the media storage (a missing S3 bucket stops the start
  // naming S3_BUCKET) before the demo catalogue writes its images there.
  app = await buildApp({ config, database });
  await warnWhenVacuumIsOff(database, app.log);
  // Secrets from before values were bound to their row (or sealed at all) are sealed bound, once.
  const bound = await bindSecrets(database.db, keyringOfConfig(config.secretsKeys));
  if (bound)
    app.log.info(
      { twoFactorSecrets: bound.twoFactorSecrets.resealed, webhookSecrets: bound.webhookSecrets.resealed },
      "secrets kept plain or sealed before they were bound to their row, now sealed bound to it (docs/operations.md#secrets-at-rest)",
    );
  // Refunds made before credit notes listed their lines get them once (migration 0034).
  const credited = await backfillCreditNotes(database.db);
  if (credited.written > 0)
    app.log.info({ refunds: credited.written }, "credit note lines written for earlier refunds");
  if (credited.skipped.length > 0)
    app.log.warn(
      { refunds: credited.skipped },
      "earlier refunds whose credit note lines could not be worked out",
    );
  const log = app.log;
  const seededCatalog = await seedDemoShop(
    database.db,
    config,
    () => createStorage(config),
    (message) => log.info(message),
  );
  if (closing) return;
  if (seededCatalog) app.log.info("demo catalogue and orders seeded");
  await app.listen({ host: config.host, port: config.port });
  const ready = app;
  const sweepTerms = async () => {
    const { checkout } = await ready.settings.current();
    return {
      holdMinutes: checkout.holdMinutes,
      codConfirmHours: checkout.cod.confirmHours,
      holdUnmatched: checkout.holdUnmatchedPayments,
      mail: await ready.mailContext(),
    };
  };
  stopSweep = startOrderSweep(database.db, sweepTerms, {
    startingHold: (await sweepTerms()).holdMinutes,
    log: app.log,
    wakeMailer: () => ready.mailer.wake(),
  });
  stopPaymentSweep = startPaymentSweep(database.db, app.paymentProviders, sweepTerms, {
    afterMs: config.paymentSweepAfterMs,
    log: app.log,
    wakeMailer: () => ready.mailer.wake(),
  });
  stopSoldCounts = startSoldCountsFold(database.db, { log: app.log });
  stopSalesSlots = startSalesSlotsFold(database.db, { log: app.log });
  // Abandoned-checkout reminders, as the owner's settings have them at each run.
  stopReminders = startReminderSender(
    database.db,
    async () => {
      const { marketing, currency } = await ready.settings.current();
      return {
        reminders: marketing.abandonedCheckout,
        currency: currency.code,
        mail: await ready.mailContext(),
      };
    },
    {
      log: app.log,
      wakeMailer: () => ready.mailer.wake(),
      everyMs: config.cartReminders.everyMs,
      earlyMs: config.cartReminders.earlyMs,
    },
  );
  stopBackInStock = startBackInStockSender(database.db, () => ready.mailContext(), {
    log: app.log,
    wakeMailer: () => ready.mailer.wake(),
  });
  const payments = Object.entries(app.paymentProviders)
    .filter(([, provider]) => provider !== undefined)
    .map(([name]) => name);
  app.log.info({ database: database.kind, demo: config.demo, payments }, "shop is ready");
}

// A failed start is told on standard error, which Node writes synchronously to a file, a pipe or a
// terminal on Linux; the lines the app had logged before it are written out on the way.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  exit(1);
});
