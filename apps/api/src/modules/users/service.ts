/** Profile, password and the staff's user administration. */

import type { Role } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { UpdateProfileInput } from "@shop/shared/schemas/user";
import { AppError } from "#api/core/errors";
import { limitOffset, type PageRequest } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { User } from "#api/db/schema/users";
import { deleteAvatarFile, type ImageUpload, storeAvatarImage } from "#api/modules/media/service";
import { endSessionsOfUser } from "#api/modules/sessions/service";
import type { MediaStorage } from "#api/storage/storage";
import {
  findUserByEmail,
  findUserById,
  listUsers,
  replaceAvatarUrl,
  type UserFilter,
  updateUser,
} from "./repo";

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

export async function listCustomers(db: Database, filter: UserFilter, page: PageRequest) {
  return listUsers(db, filter, limitOffset(page));
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
    if (!updated.status) await endSessionsOfUser(tx, userId);
    return updated;
  });
}

/** Replaces the user's avatar with a square WebP made from the upload and deletes the previous one's file. */
export async function changeAvatar(
  db: Database,
  storage: MediaStorage,
  user: User,
  upload: Pick<ImageUpload, "buffer">,
): Promise<User> {
  const url = await storeAvatarImage(storage, upload);
  const discard = () => deleteAvatarFile(storage, url).catch(() => undefined);
  let result: Awaited<ReturnType<typeof replaceAvatarUrl>>;
  try {
    result = await replaceAvatarUrl(db, user.id, url);
  } catch (error) {
    await discard();
    throw error;
  }
  if (!result) {
    await discard();
    throw new AppError("NOT_FOUND", api.userNotFound);
  }
  await deleteAvatarFile(storage, result.previous);
  return result.user;
}
