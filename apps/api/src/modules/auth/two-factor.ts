/**
 * Two-step sign-in (RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps, as authenticator apps expect)
 * and its ten single-use recovery codes. A code is accepted for the step before and after the
 * current one (a phone's clock a little off), and once: the last accepted step is kept per user, so
 * a code seen over someone's shoulder cannot be replayed within its window. A session records when
 * it last passed the second step (at sign-in, turning it on, or verify below), which the staff's
 * guards and the changes that ask for a fresh step read (http/session.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { twoFactor, validation } from "@shop/shared/messages";
import type {
  TwoFactorDisableInput,
  TwoFactorSetupDto,
  TwoFactorVerifyInput,
} from "@shop/shared/schemas/auth";
import { Secret, TOTP } from "otpauth";
import { AppError } from "#api/core/errors";
import { openSecret, SealedValueError, sealSecret } from "#api/core/sealed";
import type { Database } from "#api/db/client";
import type { User } from "#api/db/schema/users";
import type { MailContext } from "#api/modules/email/service";
import { endSessionsOfUser, forgetUser, markSecondStep } from "#api/modules/sessions/service";
import { updateUser } from "#api/modules/users/service";
import { queueAccountNotice } from "./notices";
import { verifyPassword } from "./password";
import {
  acceptTimeStep,
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  useRecoveryCode,
  writeTwoFactorSecret,
} from "./repo-two-factor";

export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of the current one a code may be of. */
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(secret: string, label = "", issuer = "") {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step of a right code of this secret, or null. NOTE: the time is Date.now(), which the
 * tests fix with a fake clock.
 */
function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * What a user's TOTP secret is sealed for (core/sealed.ts): their row, so that a sealed secret
 * copied to another user's row does not open there.
 */
export function totpSecretBinding(userId: string): string {
  return `totp:users:${userId}`;
}

/**
 * The user's TOTP secret, or null when the stored value is refused (another user's row's, changed,
 * or never sealed: written by someone who can write to the database): no code of it is right. A
 * value of a key the configuration lacks is an error of the server's, and throws.
 */
function secretOf(user: User): string | null {
  if (!user.twoFactorSecret) return null;
  try {
    return openSecret(user.twoFactorSecret, totpSecretBinding(user.id));
  } catch (error) {
    if (error instanceof SealedValueError && !error.keyUnknown) return null;
    throw error;
  }
}

/** Whether a code of the user's secret is right and of a step not used yet; records its step. */
export async function acceptCode(db: Database, user: User, code: string): Promise<boolean> {
  const secret = secretOf(user);
  if (secret === null) return false;
  const step = stepOfCode(secret, code);
  if (step === null) return false;
  // The step is kept in the user's row: their cached sessions are forgotten as it changes.
  forgetUser(user.id);
  return acceptTimeStep(db, user.id, step);
}

/**
 * Every user's TOTP secret as stored (sealed), locked until the caller's transaction ends: re-sealing
 * them under a new key (the secrets module, npm run secrets:reseal).
 */
export { lockTwoFactorSecrets } from "./repo-two-factor";

/** Stores a user's TOTP secret sealed anew (secrets:reseal), forgetting the user's cached sessions. */
export async function storeTwoFactorSecret(db: Database, userId: string, secret: string): Promise<void> {
  forgetUser(userId);
  await writeTwoFactorSecret(db, userId, secret);
}

/**
 * Recovery codes are 80 random bits each, so a fast hash is as safe as a slow one would be: nobody
 * can try 2^80 guesses, and sha-256 lets a code be found by its hash in one indexed statement.
 */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A code of 16 characters from a 31-letter alphabet (79 bits), shown as four groups of four. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  let code = "";
  // 256 % 31 leaves a bias of under 1%, which costs a fraction of a bit.
  for (const byte of bytes) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return code.match(/.{4}/g)?.join("-") ?? code;
}

/** Uses one of the user's recovery codes; false when it is not one (or was used). */
export async function acceptRecoveryCode(db: Database, user: User, code: string): Promise<boolean> {
  return useRecoveryCode(db, user.id, hashRecoveryCode(code));
}

/**
 * Starts (or starts again) the set-up: a new secret, pending until a code of it turns two-step on.
 * It is kept sealed (core/sealed.ts) and answered plain this once, for the authenticator app.
 */
export async function setUpTwoFactor(db: Database, user: User, issuer: string): Promise<TwoFactorSetupDto> {
  if (user.twoFactorEnabledAt) throw new AppError("CONFLICT", twoFactor.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await updateUser(db, user.id, {
    twoFactorSecret: sealSecret(secret, totpSecretBinding(user.id)),
    twoFactorLastStep: null,
  });
  return { secret, otpauthUrl: totpOf(secret, user.email, issuer).toString() };
}

/**
 * Turns two-step sign-in on with a code of the pending secret; answers the recovery codes, once.
 * Every other session of the user ends (one opened with a stolen password keeps nothing), the
 * current one has passed the second step (the code), and the owner is told by email.
 */
export async function enableTwoFactor(
  db: Database,
  user: User,
  sessionId: string,
  code: string,
  context: MailContext,
): Promise<string[]> {
  if (user.twoFactorEnabledAt) throw new AppError("CONFLICT", twoFactor.alreadyOn);
  if (!user.twoFactorSecret) throw new AppError("CONFLICT", twoFactor.notPending);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    if (!(await acceptCode(tx, user, code))) {
      throw new AppError("BAD_REQUEST", twoFactor.badCode, { code: twoFactor.badCode });
    }
    await updateUser(tx, user.id, { twoFactorEnabledAt: new Date() });
    await replaceRecoveryCodes(tx, user.id, recoveryCodes.map(hashRecoveryCode));
    await endSessionsOfUser(tx, user.id, sessionId);
    await markSecondStep(tx, user.id, sessionId);
    await queueAccountNotice(tx, user, context, "twoFactorEnabled");
  });
  return recoveryCodes;
}

/**
 * Turns two-step sign-in off, given the current password and a fresh second step (the route's
 * requireFreshSecondStep): a session left open (or stolen), or one opened by a password reset,
 * alone cannot, and the owner who lost the phone can still, with a recovery code. The owner is told
 * by email.
 */
export async function disableTwoFactor(
  db: Database,
  user: User,
  input: TwoFactorDisableInput,
  context: MailContext,
) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("BAD_REQUEST", validation.loginPassword, {
      currentPassword: validation.loginPassword,
    });
  }
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      twoFactorSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
    });
    await deleteRecoveryCodes(tx, user.id);
    await queueAccountNotice(tx, user, context, "twoFactorDisabled");
  });
}

/**
 * The second step again, in a signed-in session: a code of the app (once, as at sign-in) or a
 * recovery code; the session then counts as having passed it now. A wrong code is a 400 (a 401
 * would end the caller's session in the web app), counted by the route.
 */
export async function verifySecondStep(
  db: Database,
  user: User,
  sessionId: string,
  input: TwoFactorVerifyInput,
): Promise<void> {
  if (!user.twoFactorEnabledAt) throw new AppError("CONFLICT", twoFactor.notPending);
  if (input.recoveryCode !== undefined) {
    if (!(await acceptRecoveryCode(db, user, input.recoveryCode))) {
      throw new AppError("BAD_REQUEST", twoFactor.badRecoveryCode, {
        recoveryCode: twoFactor.badRecoveryCode,
      });
    }
  } else if (input.code === undefined || !(await acceptCode(db, user, input.code))) {
    throw new AppError("BAD_REQUEST", twoFactor.badCode, { code: twoFactor.badCode });
  }
  await markSecondStep(db, user.id, sessionId);
}
