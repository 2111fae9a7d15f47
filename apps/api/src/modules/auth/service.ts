/**
 * Registration, sign-in, and what takes the current password: changing it, changing the email, and
 * closing the account (docs/design.md section 5).
 */
import { randomBytes } from "node:crypto";
import { api, errors, mail, twoFactor, validation } from "@shop/shared/messages";
import type { LoginInput, RegisterInput } from "@shop/shared/schemas/auth";
import type { ChangePasswordInput, CloseAccountInput, UpdateProfileInput } from "@shop/shared/schemas/user";
import { SHOP_NAME } from "@shop/shared/site";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { User } from "#api/db/schema/users";
import { deleteAddressesOfUser } from "#api/modules/addresses/service";
import { type MailContext, queueEmail } from "#api/modules/email/service";
import { deleteAvatarFile } from "#api/modules/media/service";
import { type ClientInfo, endSession, endSessionsOfUser, startSession } from "#api/modules/sessions/service";
import { deleteStockAlertsOfUser } from "#api/modules/stock-alerts/service";
import { findUserByEmail, insertUser, updateProfile, updateUser } from "#api/modules/users/service";
import { deleteWishlistOfUser } from "#api/modules/wishlist/service";
import type { MediaStorage } from "#api/storage/storage";
import { queueAccountNotice } from "./notices";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./password";
import { acceptCode, acceptRecoveryCode } from "./two-factor";

/**
 * Creates a shopper account (role and status are never taken from the request), welcomes it by
 * email (in the same transaction) and signs it in.
 */
export async function register(db: Database, input: RegisterInput, client: ClientInfo, context: MailContext) {
  if (await findUserByEmail(db, input.email)) {
    throw new AppError("CONFLICT", api.emailTaken, { email: api.emailTaken });
  }
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        firstName: input.name.firstName,
        lastName: input.name.lastName,
        email: input.email,
        passwordHash,
        role: "customer",
        status: true,
      });
      await queueEmail(tx, context.shop, {
        kind: "welcome",
        to: created.email,
        subject: mail.welcome.subject(context.shop.name ?? SHOP_NAME),
        parts: {
          firstName: created.firstName,
          lines: mail.welcome.lines,
          action: { label: mail.welcome.action, url: `${context.origin}/` },
        },
      });
      return created;
    });
  } catch (error) {
    // NOTE: two registrations racing for one email: the unique index decides.
    if (isPgError(error, UNIQUE_VIOLATION)) {
      throw new AppError("CONFLICT", api.emailTaken, { email: api.emailTaken });
    }
    throw error;
  }
  return { user, session: await startSession(db, user, client) };
}

/**
 * Signs in: one answer for an unknown email and a wrong password, and the same time spent on both.
 * An account with two-step sign-in is answered 401 with `twoFactorRequired` (not a failure: the
 * password was right) until the password comes again with a code of its app or a recovery code; a
 * wrong one is a failure as a wrong password is (routes.ts counts it).
 */
export async function login(db: Database, input: LoginInput, client: ClientInfo) {
  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) throw new AppError("UNAUTHORIZED", errors.badCredentials);
  if (!user.status) {
    await endSessionsOfUser(db, user.id);
    throw new AppError("FORBIDDEN", api.accountInactive);
  }
  const secondStep = user.twoFactorEnabledAt !== null;
  if (secondStep) await checkSecondStep(db, user, input);
  return { user, session: await startSession(db, user, client, { secondStep }) };
}

/** The second step of a sign-in: a code of the account's app, or one of its recovery codes. */
async function checkSecondStep(db: Database, user: User, input: LoginInput) {
  if (input.recoveryCode !== undefined) {
    if (await acceptRecoveryCode(db, user, input.recoveryCode)) return;
    throw new AppError("UNAUTHORIZED", twoFactor.badRecoveryCode, {
      recoveryCode: twoFactor.badRecoveryCode,
    });
  }
  if (input.code === undefined) {
    throw new AppError("UNAUTHORIZED", twoFactor.required, undefined, { twoFactorRequired: true });
  }
  if (!(await acceptCode(db, user, input.code))) {
    throw new AppError("UNAUTHORIZED", twoFactor.badCode, { code: twoFactor.badCode });
  }
}

/** Signs out: the session behind the token ends on the server. */
export async function logout(db: Database, token: string | undefined) {
  await endSession(db, token);
}

/** Checks the current password before a password change. */
async function checkPassword(user: User, password: string) {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("BAD_REQUEST", validation.oldPassword, { oldPassword: validation.oldPassword });
  }
}

/** Checks the current password before changing the email or closing the account. */
async function checkCurrentPassword(user: User, password: string | undefined) {
  if (!password || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("BAD_REQUEST", validation.loginPassword, {
      currentPassword: validation.loginPassword,
    });
  }
}

/**
 * Changes the name and the email. A new email takes the current password first, so that a session
 * left open somewhere cannot move the account (and its password resets) to someone else's address,
 * nor tell which addresses have accounts.
 */
export async function changeProfile(
  db: Database,
  user: User,
  input: UpdateProfileInput,
  context: MailContext,
) {
  if (input.email === user.email) return updateProfile(db, user, input);
  await checkCurrentPassword(user, input.currentPassword);
  return db.transaction(async (tx) => {
    const updated = await updateProfile(tx, user, input);
    // Told to the old address: if someone else moved the account, its owner hears of it.
    await queueEmail(tx, context.shop, {
      kind: "emailChanged",
      to: user.email,
      subject: mail.emailChanged.subject,
      parts: { firstName: user.firstName, lines: [...mail.emailChanged.lines(updated.email), mail.notYou] },
    });
    return updated;
  });
}

/** Changes the password and ends every other session of the user. */
export async function changePassword(
  db: Database,
  user: User,
  keepSessionId: string,
  input: ChangePasswordInput,
  context: MailContext,
) {
  await checkPassword(user, input.oldPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await endSessionsOfUser(tx, user.id, keepSessionId);
    await queueAccountNotice(tx, user, context, "passwordChanged");
  });
}

/**
 * Closes the caller's account. Orders stay for the shop's books, so the person is
 * anonymised and deactivated rather than removed: no name, no email, no picture, no way to sign in.
 */
export async function closeAccount(
  db: Database,
  storage: MediaStorage,
  user: User,
  input: CloseAccountInput,
) {
  await checkCurrentPassword(user, input.currentPassword);
  const unusable = await hashPassword(randomBytes(24).toString("base64url"));
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      firstName: "Deleted",
      lastName: "User",
      // Unique per user id, in a domain no account may have (Email refuses ".invalid").
      email: `deleted-${user.id}@deleted.invalid`,
      passwordHash: unusable,
      avatarUrl: null,
      status: false,
    });
    await deleteAddressesOfUser(tx, user.id);
    await deleteWishlistOfUser(tx, user.id);
    await deleteStockAlertsOfUser(tx, user.id);
    await endSessionsOfUser(tx, user.id);
  });
  // NOTE: the file goes after the row, as media files do: a failure leaves an unreachable file behind.
  await deleteAvatarFile(storage, user.avatarUrl);
}
