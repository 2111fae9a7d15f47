/** SQL for users. */

import type { Role } from "@shop/shared/constants";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type User, users } from "#api/db/schema/users";
import { forgetUser } from "#api/modules/sessions/repo-cache";

export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertUser(db: Database, values: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<
    Pick<
      NewUser,
      | "firstName"
      | "lastName"
      | "email"
      | "passwordHash"
      | "avatarUrl"
      | "role"
      | "status"
      | "twoFactorSecret"
      | "twoFactorEnabledAt"
      | "twoFactorLastStep"
    >
  >,
): Promise<User | undefined> {
  // NOTE: forgotten before the change commits; a request of this user resolving meanwhile may keep
  // the old row for SESSION_CACHE_MS (the bound every other instance has anyway).
  forgetUser(id);
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export interface UserFilter {
  keyword?: string;
  status?: boolean;
  role?: Role;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(db: Database, filter: UserFilter, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(eq(users.status, filter.status));
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    const match = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * Sets a user's avatar URL and returns the row with the URL it replaced, reading and writing under
 * a row lock so that of two concurrent changes each learns the URL the other one replaced.
 */
export async function replaceAvatarUrl(
  db: Database,
  id: string,
  avatarUrl: string,
): Promise<{ user: User; previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, id))
      .for("update");
    if (!current) return undefined;
    const user = await updateUser(tx, id, { avatarUrl });
    return user ? { user, previous: current.avatarUrl } : undefined;
  });
}
