/**
 * Account recovery: a reset link by email, valid PASSWORD_RESET_MINUTES and once, whose token the
 * database keeps only as a hash. Asking tells nothing about whether the account exists.
 */
import { randomBytes } from "node:crypto";
import { PASSWORD_RESET_MINUTES } from "@shop/shared/constants";
import { api, mail } from "@shop/shared/messages";
import type { ResetPasswordInput } from "@shop/shared/schemas/auth";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { User } from "#api/db/schema/users";
import { type MailContext, queueEmail } from "#api/modules/email/service";
import { type ClientInfo, endSessionsOfUser, hashToken, startSession } from "#api/modules/sessions/service";
import { findUserByEmail, findUserById, updateUser } from "#api/modules/users/service";
import { queueAccountNotice } from "./notices";
import { hashPassword } from "./password";
import { insertPasswordReset, retirePasswordResets, usePasswordReset } from "./repo";

/** The account a reset may be sent to: an active one with that email. */
export async function findResettableAccount(db: Database, email: string): Promise<User | undefined> {
  const user = await findUserByEmail(db, email);
  return user?.status ? user : undefined;
}

/** Writes the reset and its email in one transaction. */
export async function sendResetLink(db: Database, user: User, context: MailContext): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000);
  const url = `${context.origin}/auth/reset-password?${new URLSearchParams({ token })}`;
  await db.transaction(async (tx) => {
    await insertPasswordReset(tx, user.id, hashToken(token), expiresAt);
    await queueEmail(tx, context.shop, {
      kind: "passwordReset",
      to: user.email,
      subject: mail.passwordReset.subject,
      parts: {
        firstName: user.firstName,
        lines: mail.passwordReset.lines(PASSWORD_RESET_MINUTES),
        action: { label: mail.passwordReset.action, url },
      },
    });
  });
}

/**
 * Sets a new password with a reset token: the token is spent, every session of the account ends,
 * the owner is told by email, and a new session starts for the caller.
 */
export async function resetPassword(
  db: Database,
  input: ResetPasswordInput,
  client: ClientInfo,
  context: MailContext,
) {
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const userId = await usePasswordReset(tx, hashToken(input.token));
    const owner = userId ? await findUserById(tx, userId) : undefined;
    if (!owner) throw new AppError("BAD_REQUEST", api.resetLinkInvalid, { token: api.resetLinkInvalid });
    // An account an admin switched off stays off.
    if (!owner.status) throw new AppError("FORBIDDEN", api.accountInactive);
    await retirePasswordResets(tx, owner.id);
    const updated = await updateUser(tx, owner.id, { passwordHash });
    await endSessionsOfUser(tx, owner.id);
    await queueAccountNotice(tx, owner, context, "passwordChanged");
    return updated ?? owner;
  });
  return { user, session: await startSession(db, user, client) };
}
