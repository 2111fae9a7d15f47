/**
 * A sign-in token shared by every instance of the shop (Shiprocket's JWT, valid ten days): kept in
 * integration_tokens, sealed, and renewed when less than a day is left or when the provider refused
 * it (a 401), by one login however many ask at once. In a process, the callers share one promise;
 * across instances, "read the token, if still stale log in, write it" runs under an advisory lock.
 */
import { openSecret, SealedValueError, sealSecret } from "#api/core/sealed";
import type { Database } from "#api/db/client";
import { JwtPayload } from "./answers";
import { lockToken, readToken, writeToken } from "./repo";

const DAY_MS = 86_400_000;
/** A token is renewed when less than this is left of it. */
export const RENEW_BEFORE_MS = DAY_MS;
/** How long Shiprocket's tokens last, when a token's own `exp` cannot be read. */
const TOKEN_LIFETIME_MS = 10 * DAY_MS;

/** When a JWT ends, from its payload's `exp`; undefined when it carries none that can be read. */
export function expiryOfJwt(token: string): Date | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const parsed = JwtPayload.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? new Date(parsed.data.exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

export interface SharedTokenOptions {
  db: Database;
  /** The row's key: "shiprocket". */
  provider: string;
  /**
   * Whose token it is (the API user's email): the sealed value is bound to it, so a token of another
   * user (the configuration changed) does not open and is renewed.
   */
  account: string;
  /** Signs in and answers a new token; never called while another login of the process runs. */
  login: () => Promise<string>;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

interface Held {
  token: string;
  expiresAt: number;
}

export class SharedToken {
  private held: Held | undefined;
  private renewing: Promise<string> | undefined;
  private readonly boundTo: string;
  private readonly now: () => number;

  constructor(private readonly options: SharedTokenOptions) {
    this.boundTo = `integration-token:${options.provider}:${options.account}`;
    this.now = options.now ?? Date.now;
  }

  /** A token with more than a day left: the one held, the one stored, or a new one. */
  async get(): Promise<string> {
    if (this.held && this.fresh(this.held)) return this.held.token;
    return this.renew();
  }

  /**
   * A token other than `refused` (the one the provider just answered 401 to), fresh: another
   * caller's renewal is waited for, and a token another instance stored is taken without a login.
   */
  async renew(refused?: string): Promise<string> {
    if (refused !== undefined && this.held && this.held.token !== refused && this.fresh(this.held))
      return this.held.token;
    this.renewing ??= this.renewShared(refused).finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private fresh(held: Held): boolean {
    return held.expiresAt - this.now() > RENEW_BEFORE_MS;
  }

  private async renewShared(refused: string | undefined): Promise<string> {
    const { db, provider } = this.options;
    const held = await db.transaction(async (tx) => {
      await lockToken(tx, provider);
      const stored = await readToken(tx, provider);
      const current = stored && this.opened(stored.token, stored.expiresAt);
      if (current && current.token !== refused && this.fresh(current)) return current;
      const token = await this.options.login();
      const expiresAt = expiryOfJwt(token) ?? new Date(this.now() + TOKEN_LIFETIME_MS);
      await writeToken(tx, provider, sealSecret(token, this.boundTo), expiresAt);
      return { token, expiresAt: expiresAt.getTime() };
    });
    this.held = held;
    return held.token;
  }

  /** The stored token opened, or undefined when it does not open (another key, another account). */
  private opened(sealed: string, expiresAt: Date): Held | undefined {
    try {
      return { token: openSecret(sealed, this.boundTo), expiresAt: expiresAt.getTime() };
    } catch (error) {
      if (error instanceof SealedValueError) return undefined;
      throw error;
    }
  }
}
