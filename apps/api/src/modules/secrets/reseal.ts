/**
 * Re-seals every secret kept at rest under the current SECRETS_KEY (npm run secrets:reseal): the TOTP
 * secrets of two-step sign-in and the webhook endpoints' secrets, current and previous. Each is opened
 * with the keys given (the current one and SECRETS_KEY_PREVIOUS) and written sealed with the current
 * one, bound to its row (core/sealed.ts), a table in one transaction; values already under it are
 * left alone, and values from before (plain ones written before sealing existed, `v1` ones sealed
 * before values were bound to their row) are sealed bound. A value no key opens stops its table's
 * transaction: nothing of that table is written, and the error names the key it was sealed with.
 * The server runs the same at start for the values from before only (`bindSecrets`).
 */
import { isSealed, isSealedWithCurrent, type Keyring, open, openUnbound, seal } from "#api/core/sealed";
import type { Database } from "#api/db/client";
import { lockTwoFactorSecrets, storeTwoFactorSecret, totpSecretBinding } from "#api/modules/auth/two-factor";
import {
  endpointSecretBinding,
  lockEndpointSecrets,
  storeEndpointSecrets,
} from "#api/modules/webhooks/service";
import { countUnboundSecrets } from "./repo";

export interface ResealCounts {
  /** Values written sealed under the current key. */
  resealed: number;
  /** Values left as they were (under the current key; at start, every one already bound). */
  current: number;
}

export interface ResealReport {
  twoFactorSecrets: ResealCounts;
  webhookSecrets: ResealCounts;
}

/** Which stored values are left alone: those under the current key, or (at start) every bound one. */
type Keep = (keyring: Keyring, stored: string) => boolean;

/** The stored value sealed under the current key bound to `boundTo`, or null when it is kept. */
function resealed(keyring: Keyring, stored: string, boundTo: string, keep: Keep): string | null {
  if (keep(keyring, stored)) return null;
  const plain = isSealed(stored) ? open(keyring, stored, boundTo) : openUnbound(keyring, stored);
  return seal(keyring, plain, boundTo);
}

async function reseal(db: Database, keyring: Keyring, keep: Keep): Promise<ResealReport> {
  const twoFactorSecrets = await db.transaction(async (tx) => {
    const counts: ResealCounts = { resealed: 0, current: 0 };
    for (const row of await lockTwoFactorSecrets(tx)) {
      const secret = resealed(keyring, row.secret, totpSecretBinding(row.id), keep);
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
      const boundTo = endpointSecretBinding(row.id);
      const secret = resealed(keyring, row.secret, boundTo, keep);
      const previous =
        row.previousSecret === null ? null : resealed(keyring, row.previousSecret, boundTo, keep);
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

/** Re-seals every secret under the keyring's current key, bound to its row; answers what was done, per table. */
export function resealSecrets(db: Database, keyring: Keyring): Promise<ResealReport> {
  return reseal(db, keyring, isSealedWithCurrent);
}

/**
 * At start (server.ts): seals bound to their row, under the current key, the values from before
 * (plain, or `v1` without associated data), which `open` refuses; null when there were none, as
 * after the first start. Every instance may run it: the rows are locked, and a value another bound
 * first is left alone. A value no key opens stops the start, naming its key (SECRETS_KEY_PREVIOUS).
 */
export async function bindSecrets(db: Database, keyring: Keyring): Promise<ResealReport | null> {
  if ((await countUnboundSecrets(db)) === 0) return null;
  return reseal(db, keyring, (_, stored) => isSealed(stored));
}
