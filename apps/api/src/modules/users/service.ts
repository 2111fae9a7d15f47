/** Profile, password and the staff's user administration. */

import { randomBytes } from "node:crypto";
import type { Role } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { ChangePasswordInput, UpdateProfileInput } from "@shop/shared/schemas/user";
import type { Database } from "../../db/client";
import type { User } from "../../db/schema/users";
import { offsetOf } from "../../http/envelope";
import { AppError } from "../../http/errors";
import type { MediaStorage } from "../../storage/storage";
import { deleteAddressesOfUser } from "../addresses/repo";
import { hashPassword } from "../auth/password";
import { deleteSessionsOfUser } from "../auth/repo";
import { checkPassword } from "../auth/service";
import { deleteAvatarFile } from "../media/service";
import { findUserByEmail, findUserById, listUsers, type UserFilter, updateUser } from "./repo";

function found(user: User | undefined): User {
  if (!user) throw new AppError("NOT_FOUND", api.userNotFound);
  return user;
}

/** Changes the caller's name and email; role and status are not part of the input at all. */
export async function updateProfile(db: Database, user: User, input: UpdateProfileInput) {
  if (input.email !== user.email) {
    const other = await findUserByEmail(db, input.email);
    if (other && other.id !== user.id)
      throw new AppError("CONFLICT", api.emailTaken, { email: api.emailTaken });
  }
  return found(
    await updateUser(db, user.id, {
      firstName: input.name.firstName,
      lastName: input.name.lastName,
      email: input.email,
    }),
  );
}

/** Changes the password and ends every other session of the user. */
export async function changePassword(
  db: Database,
  user: User,
  keepSessionId: string,
  input: ChangePasswordInput,
) {
  await checkPassword(user, input.oldPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await deleteSessionsOfUser(tx, user.id, keepSessionId);
  });
}

/**
 * Closes the caller's account. Orders stay for the shop's books, so the person is
 * anonymised and deactivated rather than removed: no name, no email, no picture, no way to sign in.
 */
export async function closeAccount(db: Database, storage: MediaStorage, user: User) {
  const unusable = await hashPassword(randomBytes(24).toString("base64url"));
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      firstName: "Deleted",
      lastName: "User",
      email: `deleted-${user.id}@deleted.invalid`,
      passwordHash: unusable,
      avatarUrl: null,
      status: false,
    });
    await deleteAddressesOfUser(tx, user.id);
    await deleteSessionsOfUser(tx, user.id);
  });
  // NOTE: the file goes after the row, as media files do: a failure leaves an unreachable file behind.
  await deleteAvatarFile(storage, user.avatarUrl);
}

export async function listCustomers(db: Database, filter: UserFilter, page: { page: number; size: number }) {
  return listUsers(db, filter, { limit: page.size, offset: offsetOf(page) });
}

export async function getUser(db: Database, id: string) {
  return found(await findUserById(db, id));
}

/** An admin changes another user's role; nobody changes their own, so the shop never loses its last admin by accident. */
export async function changeRole(db: Database, actor: User, userId: string, role: Role) {
  if (actor.id === userId) throw new AppError("FORBIDDEN", api.ownRoleChange);
  const updated = found(await updateUser(db, userId, { role }));
  return updated;
}

/** Flips a user's active flag; a deactivated user loses every session at once. */
export async function toggleStatus(db: Database, actor: User, userId: string) {
  if (actor.id === userId) throw new AppError("FORBIDDEN", api.ownStatusChange);
  return db.transaction(async (tx) => {
    const user = found(await findUserById(tx, userId));
    const updated = found(await updateUser(tx, userId, { status: !user.status }));
    if (!updated.status) await deleteSessionsOfUser(tx, userId);
    return updated;
  });
}
