/**
 * SQL literals for the bench's set-based statements. Every value quoted here is a constant of the
 * bench (word lists, sizes), never input from outside; the statements go through `db.execute(string)`.
 */

/** A SQL string literal. */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** A SQL `text[]` built from constant words. */
export function textArray(words: readonly string[]): string {
  return `array[${words.map(literal).join(", ")}]::text[]`;
}

/** A whole number checked to be one, for LIMIT-like positions in generated SQL. */
export function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

/**
 * A deterministic pseudo-random non-negative int4 from a row number and a salt: the same
 * catalogue on every run, on PostgreSQL and PGlite alike (hashint4 is built in).
 */
export function hash(expression: string, salt: number): string {
  return `(hashint4((${expression}) * 31 + ${integer(salt)}) & 2147483647)`;
}

/** A database name the bench owns: it only ever creates and drops `shop_bench_*`. */
export function benchDatabaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^shop_bench_[a-z0-9_]+$/.test(name)) {
    throw new Error(`refusing to touch database "${name}": bench databases are named shop_bench_*`);
  }
  return name;
}

/** The same server's maintenance database, for CREATE and DROP DATABASE. */
export function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** The bench talks to loopback only; anything else is refused before a connection is made. */
export function assertLoopback(databaseUrl: string): void {
  const { hostname } = new URL(databaseUrl);
  if (!LOOPBACK.has(hostname)) throw new Error(`refusing a non-loopback database host: ${hostname}`);
}
