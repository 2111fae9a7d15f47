/** Recognising PostgreSQL errors by SQLSTATE, whichever driver raised them and however drizzle wrapped them. */

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
export const SERIALIZATION_FAILURE = "40001";

export interface PgErrorInfo {
  code: string;
  /** The constraint that failed, when the driver reports it. */
  constraint?: string;
}

/** The SQLSTATE (and constraint) of a database error, looking through drizzle's wrapper; else undefined. */
export function pgErrorOf(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 4; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === "string" ? { constraint } : {}) };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isPgError(error: unknown, code: string): boolean {
  return pgErrorOf(error)?.code === code;
}
