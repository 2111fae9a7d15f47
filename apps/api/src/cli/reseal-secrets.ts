/**
 * npm run secrets:reseal: seals every TOTP and webhook secret under SECRETS_KEY, opening them with it
 * and SECRETS_KEY_PREVIOUS (docs/operations.md, Secrets at rest). Run once after setting a new key
 * with the old one as previous, and once after upgrading to a shop that seals, for the plain values
 * written before. It applies no migration: the shop has started on this version before.
 */
import { parseConfig } from "#api/config";
import { keyringOfConfig } from "#api/core/sealed";
import { openDatabase } from "#api/db/client";
import { resealSecrets } from "#api/modules/secrets/reseal";

async function main() {
  const config = parseConfig(process.env, { server: false });
  if (config.production && !config.secretsKeys.current) {
    throw new Error("SECRETS_KEY: required in production (the key to seal every secret with)");
  }
  const keyring = keyringOfConfig(config.secretsKeys);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  try {
    const report = await resealSecrets(database.db, keyring);
    console.log(`Secrets sealed under key ${keyring.current.id}:`);
    console.log(
      `  two-step sign-in: ${report.twoFactorSecrets.resealed} resealed, ${report.twoFactorSecrets.current} already under it`,
    );
    console.log(
      `  webhook endpoints: ${report.webhookSecrets.resealed} resealed, ${report.webhookSecrets.current} already under it`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
