/** Profile, password and the staff's user administration. */

import type { Role } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import {
  type CodBarDto,
  CUSTOMER_ORDERS_LISTED,
  type CustomerNoteDto,
  type CustomerSummaryDto,
  type UpdateProfileInput,
  type UserDto,
} from "@shop/shared/schemas/user";
import { AppError } from "#api/core/errors";
import { type KeysetPageRequest, type ListRead, limitOffsetAndOne, withoutExtra } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { NewestKey } from "#api/db/paging";
import type { User } from "#api/db/schema/users";
import { recordActivity } from "#api/modules/activity/record";
import { listAddresses } from "#api/modules/addresses/service";
import { deleteAvatarFile, type ImageUpload, storeAvatarImage } from "#api/modules/media/service";
import { endSessionsOfUser, forgetUser } from "#api/modules/sessions/service";
import type { MediaStorage } from "#api/storage/storage";
import { toCustomerNoteDto, toCustomerOrderDto, toUserDto } from "./dto";
import {
  clearCodBar,
  customerMoney,
  findOrderNumber,
  findPaidOrderOfCustomer,
  findUserByEmail,
  findUserById,
  insertCustomerNote,
  listCustomerNotes,
  listOrdersOfCustomer,
  listUsers,
  markCodRefused,
  replaceAvatarUrl,
  type UserChange,
  type UserFilter,
  updateUserRow,
} from "./repo";

/**
 * The account rows as registration, sign-in, two-step sign-in and password resets (the auth
 * module) read and write them, in the caller's transaction.
 */
export { findUserByEmail, findUserById, insertUser } from "./repo";

/**
 * Changes a user's row; answers it as stored, or none. Every change of the row goes through here:
 * the user's sessions cached on this instance are forgotten, so that their next request reads the
 * row as it is now. NOTE: forgotten before the change commits; a request of this user resolving
 * meanwhile may keep the old row for SESSION_CACHE_MS (the bound every other instance has anyway).
 */
export async function updateUser(db: Database, id: string, values: UserChange): Promise<User | undefined> {
  forgetUser(id);
  return updateUserRow(db, id, values);
}

function found(user: User | undefined): User {
  if (!user) throw new AppError("NOT_FOUND", api.userNotFound);
  return user;
}

/** A user as the activity log names them. */
const userSubject = (user: User) => ({
  type: "user" as const,
  id: user.id,
  label: `${fullName(user)} (${user.email})`,
});

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

/**
 * A page of the shop's users, newest first: after `page.after` (a cursor's key) by keyset, else by
 * offset; the total counted up to COUNT_CAP (`cap` only for tests).
 */
export async function listCustomers(
  db: Database,
  filter: UserFilter,
  page: KeysetPageRequest<NewestKey>,
  cap?: number,
): Promise<ListRead<UserDto>> {
  const keyset = { keyset: page.after !== undefined };
  const read = await listUsers(db, filter, limitOffsetAndOne(page, keyset), page.after, cap);
  const { rows, more } = withoutExtra(read.rows, page.size);
  const last = rows.at(-1);
  const next = more && last ? encodeCursor([last.at, last.user.id]) : undefined;
  const items = rows.map((row) => toUserDto(row.user));
  return { items, total: read.total, totalCapped: read.totalCapped, more, next };
}

export async function getUser(db: Database, id: string) {
  return found(await findUserById(db, id));
}

/**
 * The customer page: the account, its addresses, its orders with what the ledger holds of them
 * (payments taken minus refunds, decision 017), the staff's notes, newest first, and the customer's
 * cash on delivery bar while the owner bars shoppers who refused a parcel (`barOnRefusal`).
 */
export async function getCustomerSummary(
  db: Database,
  userId: string,
  currency: string,
  { barOnRefusal }: { barOnRefusal: boolean },
): Promise<CustomerSummaryDto> {
  const user = found(await findUserById(db, userId));
  const [addresses, items, byCurrency, first, last, notes, codBar] = await Promise.all([
    listAddresses(db, userId),
    listOrdersOfCustomer(db, userId, CUSTOMER_ORDERS_LISTED),
    customerMoney(db, userId),
    findPaidOrderOfCustomer(db, userId, "first", currency),
    findPaidOrderOfCustomer(db, userId, "last", currency),
    listCustomerNotes(db, userId),
    codBarOf(db, user, barOnRefusal),
  ]);
  // NOTE: the figures are the shop's currency's; orders placed in another (before a switch) are
  // counted apart, never added in as if their amounts were the shop's currency.
  const money = byCurrency.find((row) => row.currency === currency) ?? { paidOrders: 0, netCents: 0 };
  const otherCurrencies = byCurrency
    .filter((row) => row.currency !== currency && row.paidOrders > 0)
    .map((row) => ({ currency: row.currency, orders: row.paidOrders, netSpend: row.netCents / 100 }));
  return {
    user: toUserDto(user),
    codBar,
    addresses,
    orders: {
      count: money.paidOrders,
      netSpend: money.netCents / 100,
      // Whole cents: the net spend shared over the paid orders, rounded half away from zero.
      averageOrder: money.paidOrders > 0 ? Math.round(money.netCents / money.paidOrders) / 100 : 0,
      otherCurrencies,
      first: first ? toCustomerOrderDto(first) : null,
      last: last ? toCustomerOrderDto(last) : null,
      items: items.map(toCustomerOrderDto),
    },
    notes: notes.map(toCustomerNoteDto),
  };
}

/** Appends a staff note on a customer, signed with the author's name as it is now. */
export async function addCustomerNote(
  db: Database,
  actor: User,
  userId: string,
  note: string,
): Promise<CustomerNoteDto> {
  const row = await db.transaction(async (tx) => {
    const customer = found(await findUserById(tx, userId));
    const inserted = await insertCustomerNote(tx, {
      userId,
      authorId: actor.id,
      authorName: fullName(actor),
      note,
    });
    await recordActivity(tx, actor, "customer.note_added", userSubject(customer), null, { note });
    return inserted;
  });
  return toCustomerNoteDto(row);
}

/**
 * An admin changes another user's role; nobody changes their own, so the shop never loses its last
 * admin by accident. NOTE: the one path of a role change, recorded in the activity log with it.
 */
export async function changeRole(db: Database, actor: User, userId: string, role: Role) {
  if (actor.id === userId) throw new AppError("FORBIDDEN", api.ownRoleChange);
  return db.transaction(async (tx) => {
    const user = found(await findUserById(tx, userId));
    const updated = found(await updateUser(tx, userId, { role }));
    await recordActivity(tx, actor, "user.role_changed", userSubject(updated), { role: user.role }, { role });
    return updated;
  });
}

/** Flips a user's active flag; a deactivated user loses every session at once. */
export async function toggleStatus(db: Database, actor: User, userId: string) {
  if (actor.id === userId) throw new AppError("FORBIDDEN", api.ownStatusChange);
  return db.transaction(async (tx) => {
    const user = found(await findUserById(tx, userId));
    const updated = found(await updateUser(tx, userId, { status: !user.status }));
    if (!updated.status) await endSessionsOfUser(tx, userId);
    const kind = updated.status ? "user.reactivated" : "user.deactivated";
    await recordActivity(
      tx,
      actor,
      kind,
      userSubject(updated),
      { status: user.status },
      { status: updated.status },
    );
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
    // A change of the user's row, as updateUser's: their cached sessions are forgotten with it.
    forgetUser(user.id);
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

/**
 * A cash on delivery parcel of the shopper's came back refused at the door (returned to origin):
 * remembered on them with its order, so that the owner's checkout settings (cod.blockAfterRefusal)
 * refuse them cash on delivery from now on, until staff lift it.
 */
export async function recordCodRefusal(
  db: Database,
  userId: string,
  at: Date,
  orderId: string,
): Promise<void> {
  // A change of the user's row, as updateUser's: their cached sessions read the bar anew.
  forgetUser(userId);
  await markCodRefused(db, userId, at, orderId);
}

/** The customer's cash on delivery bar as the customer page shows it; null while the owner bars no one. */
export async function codBarOf(db: Database, user: User, barOnRefusal: boolean): Promise<CodBarDto | null> {
  if (!barOnRefusal || !user.codRefusedAt) return null;
  const order = user.codBarOrderId;
  return {
    // NOTE: a shopper flagged before reasons were asked was flagged for a refusal (migration 0073).
    reason: user.codBarReason ?? "refused",
    since: user.codRefusedAt.toISOString(),
    order,
    orderNumber: order ? ((await findOrderNumber(db, order)) ?? null) : null,
  };
}

/**
 * Staff lift a customer's cash on delivery bar: they are offered it again at checkout; the activity
 * log keeps the bar that was lifted. 409 when there is none.
 */
export async function liftCodBar(db: Database, actor: User, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const customer = found(await findUserById(tx, userId));
    const before = await codBarOf(tx, customer, true);
    // A change of the user's row, as updateUser's: their cached sessions read it without the bar.
    forgetUser(userId);
    if (!before || !(await clearCodBar(tx, userId))) throw new AppError("CONFLICT", api.codNotBarred);
    await recordActivity(
      tx,
      actor,
      "customer.cod_bar_lifted",
      userSubject(customer),
      { codBar: { reason: before.reason, since: before.since, order: before.orderNumber } },
      { codBar: null },
    );
  });
}
