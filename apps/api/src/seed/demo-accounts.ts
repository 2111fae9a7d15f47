/** The demo admin and shopper, created only in an empty database. */
import { count } from "drizzle-orm";
import { DEMO_ACCOUNTS } from "#api/config";
import type { Database } from "#api/db/client";
import { users } from "#api/db/schema/users";
import { hashPassword } from "#api/modules/auth/password";

export async function seedDemoAccounts(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return false;
  const { admin, shopper } = DEMO_ACCOUNTS;
  await db.insert(users).values([
    {
      firstName: admin.firstName,
      lastName: admin.lastName,
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      role: "admin",
    },
    {
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      email: shopper.email,
      passwordHash: await hashPassword(shopper.password),
      role: "customer",
    },
  ]);
  return true;
}
