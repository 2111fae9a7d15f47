/**
 * Secrets sealed at rest (TOTP secrets, webhook signing secrets): AES-256-GCM under SECRETS_KEY, so
 * that a copy of the database alone signs nothing and passes no second step. A sealed value is
 * `v2:<key id>:<iv>:<ciphertext>:<tag>` (base64url), its key id the first 8 hex digits of the key's
 * SHA-256: a value names the key that opens it, so the keys of a rotation (SECRETS_KEY_PREVIOUS)
 * open what they sealed, and `npm run secrets:reseal` moves every value under the current key.
 * A value is bound to its row and purpose (`totp:users:<id>`, `webhook:<endpoint id>`) as GCM's
 * associated data: copied to another row by someone who can write to the database, it does not open.
 * `v1` values, sealed before values were bound, and plain ones, written before sealing, are opened
 * only to be sealed again (`openUnbound`, secrets/reseal.ts at start): `open` refuses them.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** The version of a value sealed bound to its row and purpose. */
export const VERSION = "v2";
/** The version of a value sealed before values were bound to their row (no associated data). */
const UNBOUND_VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

export interface Keyring {
  /** The key new values are sealed with. */
  current: { id: string; key: Buffer };
  /** Every key a value may be opened with, by id: the current one and the previous ones. */
  byId: ReadonlyMap<string, Buffer>;
}

/** The id a key is named by in the values it sealed. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/** A keyring sealing with `current`, opening with it and the `previous` ones. */
export function keyringOf(current: Buffer, previous: readonly Buffer[] = []): Keyring {
  for (const key of [current, ...previous])
    if (key.length !== SECRETS_KEY_BYTES) throw new Error(`a secrets key is ${SECRETS_KEY_BYTES} bytes`);
  const byId = new Map<string, Buffer>();
  for (const key of [...previous, current]) byId.set(keyIdOf(key), key);
  return { current: { id: keyIdOf(current), key: current }, byId };
}

/** Whether a stored value is sealed bound to its row (rather than a `v1` or plain one from before). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${VERSION}:`);
}

/**
 * The value sealed under the keyring's current key, with a fresh random IV, bound to `boundTo` (the
 * row and purpose it is kept for, such as `totp:users:<id>`): it opens only for the same.
 */
export function seal(keyring: Keyring, plain: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyring.current.key, iv);
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, keyring.current.id, ...[iv, ciphertext, tag].map((b) => b.toString("base64url"))].join(
    ":",
  );
}

/**
 * A sealed value that cannot be opened: of a key the shop does not hold (`keyUnknown`: its
 * configuration lacks it), or refused: changed since it was sealed, another row's, or never sealed.
 */
export class SealedValueError extends Error {
  override name = "SealedValueError";
  constructor(
    message: string,
    readonly keyUnknown = false,
  ) {
    super(message);
  }
}

/** Opens a sealed value of either version; `boundTo` is the associated data (none for `v1`). */
function openSealed(keyring: Keyring, stored: string, boundTo: string | null): string {
  const [, keyId = "", iv = "", ciphertext = "", tag = "", ...rest] = stored.split(":");
  if (rest.length > 0 || !iv || !tag) throw new SealedValueError("a sealed secret is malformed");
  const key = keyring.byId.get(keyId);
  if (!key) {
    throw new SealedValueError(
      `a secret is sealed with key ${keyId}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`,
      true,
    );
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  if (boundTo !== null) decipher.setAAD(Buffer.from(boundTo, "utf8"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new SealedValueError(
      `a secret sealed with key ${keyId} does not open: it was changed, or sealed for another row than ${boundTo ?? "none"}`,
    );
  }
}

/**
 * The plain value of a stored one sealed for `boundTo`. A value that is not sealed so (plain text,
 * or `v1` from before values were bound) is refused: the start seals those (secrets/reseal.ts), so
 * one found here was written by someone who can write to the database, not by the shop.
 */
export function open(keyring: Keyring, stored: string, boundTo: string): string {
  if (!isSealed(stored)) throw new SealedValueError(`a secret for ${boundTo} is not sealed bound to it`);
  return openSealed(keyring, stored, boundTo);
}

/**
 * The plain value of a stored one from before values were bound to their row: a `v1` value opened
 * without associated data, or a plain one as it is. Only for sealing it again (secrets/reseal.ts).
 */
export function openUnbound(keyring: Keyring, stored: string): string {
  if (isSealed(stored)) throw new SealedValueError("a secret is already sealed bound to its row");
  return stored.startsWith(`${UNBOUND_VERSION}:`) ? openSealed(keyring, stored, null) : stored;
}

/** Whether a stored value is already sealed under the keyring's current key (reseal skips it). */
export function isSealedWithCurrent(keyring: Keyring, stored: string): boolean {
  return stored.startsWith(`${VERSION}:${keyring.current.id}:`);
}

/**
 * The key of a shop without SECRETS_KEY, outside production only (config.ts refuses that there, and
 * warns in development): anyone with this source opens what it sealed, so it guards nothing but the
 * code path.
 */
export const DEVELOPMENT_KEY = createHash("sha256")
  .update("shop: development secrets key, never live")
  .digest();

/** The keyring of the configuration's keys (config.ts `secretsKeys`); the development key when none. */
export function keyringOfConfig(keys: { current?: Buffer; previous: readonly Buffer[] }): Keyring {
  return keyringOf(keys.current ?? DEVELOPMENT_KEY, keys.previous);
}

let installed: Keyring | undefined;

/**
 * Installs the keyring of this process, from the configuration, at start (app.ts, the CLI).
 * NOTE: one per process: secrets are read deep in services and in the webhook sender, where passing
 * a keyring down every call would reach half the API for a value that never changes while running.
 * A process that installs none (a test of one module) seals with the development key.
 */
export function installKeyring(keyring: Keyring): void {
  installed = keyring;
}

function installedKeyring(): Keyring {
  installed ??= keyringOf(DEVELOPMENT_KEY);
  return installed;
}

/** A secret sealed with the installed keyring, for a column, bound to its row and purpose. */
export function sealSecret(plain: string, boundTo: string): string {
  return seal(installedKeyring(), plain, boundTo);
}

/** The plain secret of a column sealed for `boundTo`, opened with the installed keyring. */
export function openSecret(stored: string, boundTo: string): string {
  return open(installedKeyring(), stored, boundTo);
}
