/** Password hashing: argon2id with the OWASP parameters, on libuv's thread pool (never blocks the event loop). */
import { hash, verify } from "@node-rs/argon2";

// NOTE: 2 is Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account to check against,
 * so that an unknown email and a wrong password cannot be told apart by timing.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-1!");
  await verifyPassword(await dummyHash, password);
  return false;
}
