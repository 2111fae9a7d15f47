/** Password hashing: argon2id with the OWASP parameters, on libuv's thread pool (never blocks the event loop). */
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";
import { threadPoolSize } from "#api/config";

// NOTE: 2 is Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * NOTE: each hash keeps a core busy for tens of milliseconds. Unlimited, a burst of sign-ins takes
 * every thread of libuv's pool (4) and, on a small machine, every core: the event loop then waits
 * for CPU and a cached catalogue read took a second (bench/writes.ts), and file reads queue behind
 * the hashes in the pool. One core and one pool thread are always left for everything else; extra
 * sign-ins wait here, in order.
 */
export const hashing = pLimit(Math.max(1, Math.min(availableParallelism(), threadPoolSize()) - 1));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
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
