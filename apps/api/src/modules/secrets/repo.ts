/** SQL of the secrets kept at rest: how many are not yet sealed bound to their row. */
import { sql } from "drizzle-orm";
import { VERSION } from "#api/core/sealed";
import type { Database } from "#api/db/client";
import { users } from "#api/db/schema/users";
import { webhookEndpoints } from "#api/db/schema/webhooks";

/**
 * How many secrets are not sealed bound to their row: plain ones (written before sealing existed) and
 * `v1` ones (sealed before values were bound), which the start seals (reseal.ts bindSecrets).
 */
export async function countUnboundSecrets(db: Database): Promise<number> {
  const sealed = `${VERSION}:%`;
  const result = await db.execute<{ plain: number }>(sql`
    select
      (select count(*)::int from ${users}
        where ${users.twoFactorSecret} is not null and ${users.twoFactorSecret} not like ${sealed})
      + (select count(*)::int from ${webhookEndpoints} where ${webhookEndpoints.secret} not like ${sealed})
      + (select count(*)::int from ${webhookEndpoints}
        where ${webhookEndpoints.previousSecret} is not null and ${webhookEndpoints.previousSecret} not like ${sealed})
      as plain`);
  return Number(result.rows[0]?.plain ?? 0);
}
