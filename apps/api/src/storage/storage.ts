/**
 * Where media files live (docs/design.md sections 1 and 7): a local folder by default, an
 * S3-compatible bucket when S3_* is configured. Keys are made by the media service
 * ("images/<id>/640.webp"), never taken from a user.
 */
export interface MediaStorage {
  /** Stores one object; an existing object under the same key is replaced. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/` (a media item's renditions). Missing objects are fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** The URL browsers load an object from. */
  publicUrl(key: string): string;
  /** The key behind a URL made by publicUrl, or undefined for a URL this storage did not make. */
  keyOf(url: string): string | undefined;
  /** The origin images are served from when it is not the API's own (for the CSP), else undefined. */
  readonly externalOrigin: string | undefined;
  /** Resolves once the storage can be written (at start); throws a message naming the setting otherwise. */
  check(): Promise<void>;
  /** Releases connections (the app's onClose). */
  close(): void;
}

/** Every object is written once under a fresh key and never changed, so caches may keep it for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Keys are made of lower-case letters, digits, dashes, dots and slashes, without empty or dot segments. */
const KEY_PATTERN = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*(?:\.[a-z0-9]+)?$/;

/** Refuses a key that could escape the storage root; keys are ours, so this only guards against bugs. */
export function assertKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}
