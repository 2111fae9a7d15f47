/**
 * Re-seals every secret kept at rest under the current SECRETS_KEY (npm run secrets:reseal): the TOTP
 * secrets of two-step sign-in and the webhook endpoints' secrets, current and previous. Each is opened
 * with the keys given (the current one and SECRETS_KEY_PREVIOUS) and written sealed with the current
 * one, a table in one transaction; values already under it are left alone, and plain values written
 * before sealing existed are sealed. A value no key opens stops its table's transaction: nothing of
 * that table is written, and the error names the key it was sealed with.
 */
import { isSealedWithCurrent, type Keyring, open, seal } from "#api/core/sealed";
import type { Database } from "#api/db/client";
import { lockTwoFactorSecrets, storeTwoFactorSecret } from "#api/modules/auth/two-factor";
import { lockEndpointSecrets, storeEndpointSecrets } from "#api/modules/webhooks/service";

export interface ResealCounts {
  /** Values written sealed under the current key. */
  resealed: number;
  /** Values already under it. */
  current: number;
}

export interface ResealReport {
  twoFactorSecrets: ResealCounts;
  webhookSecrets: ResealCounts;
}

/** The stored value under the current key, or null when it already is. */
function resealed(keyring: Keyring, stored: string): string | null {
  return isSealedWithCurrent(keyring, stored) ? null : seal(keyring, open(keyring, stored));
}

/** Re-seals every secret under the keyring's current key; answers what was done, per table. */
export async function resealSecrets(db: Database, keyring: Keyring): Promise<ResealReport> {
  const twoFactorSecrets = await db.transaction(async (tx) => {
    const counts: ResealCounts = { resealed: 0, current: 0 };
    for (const row of await lockTwoFactorSecrets(tx)) {
      const secret = resealed(keyring, row.secret);
      if (secret === null) counts.current += 1;
      else {
        await storeTwoFactorSecret(tx, row.id, secret);
        counts.resealed += 1;
      }
    }
    return counts;
  });
  const webhookSecrets = await db.transaction(async (tx) => {
    const counts: ResealCounts = { resealed: 0, current: 0 };
    for (const row of await lockEndpointSecrets(tx)) {
      const secret = resealed(keyring, row.secret);
      const previous = row.previousSecret === null ? null : resealed(keyring, row.previousSecret);
      const values = [secret, ...(row.previousSecret === null ? [] : [previous])];
      counts.current += values.filter((value) => value === null).length;
      counts.resealed += values.filter((value) => value !== null).length;
      if (secret !== null || previous !== null) {
        await storeEndpointSecrets(tx, row.id, {
          secret: secret ?? row.secret,
          previousSecret: previous ?? row.previousSecret,
        });
      }
    }
    return counts;
  });
  return { twoFactorSecrets, webhookSecrets };
}
