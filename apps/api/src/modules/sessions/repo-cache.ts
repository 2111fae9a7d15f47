/**
 * Signed-in callers this instance resolved in the last few seconds, by the hash of their token, so
 * that a shopper's requests do not each read the session and its user again (docs/design.md
 * section 5). What changes a session or its user on this instance forgets it at once: signing out,
 * ending a user's sessions (password change, deactivation, account closure), any change of the
 * user's row (role, name, email), a second step passed. Another instance learns of such a change when its entry ends,
 * SESSION_CACHE_MS at most, the same bound as the read cache of the catalogue.
 */
import type { User } from "#api/db/schema/users";

/** How long a resolved session is trusted without reading it again. */
export const SESSION_CACHE_MS = 5_000;
/** Entries kept at most; the oldest go first (one entry is a user row, about a kilobyte). */
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  sessionId: string;
  /** When the session last passed the second step of two-step sign-in, or null. */
  secondStepAt: Date | null;
  user: User;
}

interface Entry {
  session: CachedSession;
  until: number;
}

const entries = new Map<string, Entry>();

/** The session behind a token's hash while its entry lasts. */
export function cachedSession(tokenHash: string, now = Date.now()): CachedSession | undefined {
  const entry = entries.get(tokenHash);
  if (!entry) return undefined;
  if (entry.until > now) return entry.session;
  entries.delete(tokenHash);
  return undefined;
}

export function keepSession(tokenHash: string, session: CachedSession, now = Date.now()): void {
  // Re-inserted at the end, so that the Map's order stays the order of expiry.
  entries.delete(tokenHash);
  entries.set(tokenHash, { session, until: now + SESSION_CACHE_MS });
  if (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
}

export function forgetSession(tokenHash: string): void {
  entries.delete(tokenHash);
}

/** Forgets every session of a user (a change of the user's row, or of their sessions). */
export function forgetUser(userId: string): void {
  for (const [hash, entry] of entries) if (entry.session.user.id === userId) entries.delete(hash);
}
