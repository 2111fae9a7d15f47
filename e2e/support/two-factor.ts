import { Secret, TOTP } from "otpauth";

/**
 * The code an authenticator app shows for a secret (its key for manual entry, base32), as the shop
 * checks it: SHA-1, 6 digits, 30-second steps. `stepsAhead` takes a later step: the shop takes a
 * code of the step after the current one too, and each step's code only once, so a second sign-in
 * within one step uses the next step's code.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s/g, "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}
