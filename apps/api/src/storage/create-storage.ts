import type { Config } from "#api/config";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";
import type { MediaStorage } from "./storage";

/** The configured media storage: an S3-compatible bucket when S3_* is set, else the MEDIA_DIR folder. */
export function createStorage(config: Pick<Config, "mediaDir" | "s3">): MediaStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.mediaDir);
}

/**
 * The configured media storage, once it answers: the folder is there (made if need be), or the
 * bucket exists and the keys may reach it. Throws a message naming the setting otherwise.
 */
export async function openStorage(config: Pick<Config, "mediaDir" | "s3">): Promise<MediaStorage> {
  const storage = createStorage(config);
  try {
    await storage.check();
    return storage;
  } catch (error) {
    storage.close();
    throw error;
  }
}
