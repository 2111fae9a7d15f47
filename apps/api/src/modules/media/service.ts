/** Media use cases: ingest an upload, list, look up, delete, and the files of avatars. */
import { api } from "@shop/shared/messages";
import { AppError } from "#api/core/errors";
import { newId } from "#api/core/ids";
import { limitOffset, type PageRequest } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { Media } from "#api/db/schema/media";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import type { MediaStorage } from "#api/storage/storage";
import { displayName, type Rendition, renderAvatar, renderImage } from "./pipeline";
import { deleteMediaById, findMediaById, findMediaByIds, insertMedia, listMedia } from "./repo";

export interface ImageUpload {
  /** The uploaded bytes: JPEG, PNG, WebP, GIF or AVIF (never SVG; render an SVG to PNG first). */
  buffer: Buffer;
  /** The original file name; only its sanitised last segment is kept, as the display name. */
  filename?: string;
  /** The uploading user's id, or null (seed data). */
  uploadedBy?: string | null;
}

const WEBP = "image/webp";

/** Key of one rendition: `<prefix>/<width>.webp` (dto.ts derives the variant URLs from this layout). */
function renditionKey(prefix: string, width: number): string {
  return `${prefix}/${width}.webp`;
}

/**
 * Writes every rendition, or none: when one write fails, the others are let finish and then the
 * whole prefix is removed.
 * NOTE: not Promise.all, which rejects at the first failure while other writes are still on their
 * way; a removal made then would run before they land, and leave their objects behind for ever.
 */
async function store(storage: MediaStorage, prefix: string, renditions: readonly Rendition[]) {
  const results = await Promise.allSettled(
    renditions.map((r) => storage.put(renditionKey(prefix, r.width), r.data, WEBP)),
  );
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await storage.deletePrefix(prefix).catch(() => undefined);
    // A 503 the uploader may retry, not a 500; the storage's own error is logged as its cause.
    const unavailable = new AppError("UNAVAILABLE", api.mediaStorageUnavailable);
    unavailable.cause = failed.reason;
    throw unavailable;
  }
}

/** An image as the activity log keeps it. */
const mediaFields = ({ name, url, width, height }: Media) => ({ name, url, width, height });
const mediaSubject = (row: Media) => ({ type: "media" as const, id: row.id, label: row.name });

/**
 * Checks an image by content, stores its WebP renditions under a random id-based key and records
 * it. Throws AppError 413 (too large) or 415 (not an accepted image). Used by POST /api/media and the demo seed.
 */
export async function ingestImage(
  db: Database,
  actor: ActivityActor | null,
  storage: MediaStorage,
  upload: ImageUpload,
): Promise<Media> {
  const renditions = await renderImage(upload.buffer);
  const largest = renditions.at(-1);
  if (!largest) throw new AppError("UNSUPPORTED_MEDIA_TYPE", api.unsupportedImage);
  const id = newId();
  const storageKey = `images/${id}`;
  await store(storage, storageKey, renditions);
  const values = {
    id,
    name: displayName(upload.filename),
    storageKey,
    url: storage.publicUrl(renditionKey(storageKey, largest.width)),
    width: largest.width,
    height: largest.height,
    widths: renditions.map((r) => r.width),
    uploadedBy: upload.uploadedBy ?? null,
  };
  try {
    // No actor (the demo seed, in its own transaction): the row alone.
    if (!actor) return await insertMedia(db, values);
    return await db.transaction(async (tx) => {
      const row = await insertMedia(tx, values);
      await recordActivity(tx, actor, "media.uploaded", mediaSubject(row), null, mediaFields(row));
      return row;
    });
  } catch (error) {
    await storage.deletePrefix(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function listMediaPage(db: Database, filter: { keyword?: string }, page: PageRequest) {
  return listMedia(db, filter, limitOffset(page));
}

export async function getMedia(db: Database, id: string): Promise<Media> {
  const row = await findMediaById(db, id);
  if (!row) throw new AppError("NOT_FOUND", api.mediaNotFound);
  return row;
}

/** The media of a gallery in the order asked for; unknown ids are left out, repeated ones kept once. */
export async function getGallery(db: Database, ids: readonly string[]): Promise<Media[]> {
  const unique = [...new Set(ids)];
  const byId = new Map((await findMediaByIds(db, unique)).map((row) => [row.id, row]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Deletes a media item everywhere: the row (the foreign keys clear every product's thumbnail and
 * gallery entry) and then its files.
 */
export async function deleteMedia(
  db: Database,
  actor: ActivityActor,
  storage: MediaStorage,
  id: string,
): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const deleted = await deleteMediaById(tx, id);
    if (!deleted) throw new AppError("NOT_FOUND", api.mediaNotFound);
    await recordActivity(tx, actor, "media.deleted", mediaSubject(deleted), mediaFields(deleted), null);
    return deleted;
  });
  // NOTE: files go after the row: a failure here leaves unreachable files, never a product pointing at nothing.
  await storage.deletePrefix(row.storageKey);
}

const AVATAR_PREFIX = "avatars/";

/** The storage prefix of an avatar URL this shop made, or undefined (none, or someone else's URL). */
function avatarPrefixOf(storage: MediaStorage, url: string | null): string | undefined {
  const key = url ? storage.keyOf(url) : undefined;
  if (!key?.startsWith(AVATAR_PREFIX)) return undefined;
  return key.slice(0, key.lastIndexOf("/"));
}

/**
 * Stores a square WebP avatar made from the upload under a fresh key and returns its URL.
 * Throws AppError 413/415 like any upload. The caller records the URL (and deletes the file again if it cannot).
 */
export async function storeAvatarImage(
  storage: MediaStorage,
  upload: Pick<ImageUpload, "buffer">,
): Promise<string> {
  const rendition = await renderAvatar(upload.buffer);
  // A new key for every avatar: the files are cached as immutable, so a URL never changes content.
  const prefix = `${AVATAR_PREFIX}${newId()}`;
  await store(storage, prefix, [rendition]);
  return storage.publicUrl(renditionKey(prefix, rendition.width));
}

/** Deletes the file of an avatar this shop made (a URL it did not make is left alone). */
export async function deleteAvatarFile(storage: MediaStorage, url: string | null): Promise<void> {
  const prefix = avatarPrefixOf(storage, url);
  if (prefix) await storage.deletePrefix(prefix);
}
