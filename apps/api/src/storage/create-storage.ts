import type { Config } from "#api/config";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";
import type { MediaStorage } from "./storage";

/** The configured media storage: an S3-compatible bucket when S3_* is set, else the MEDIA_DIR folder. */
export function createStorage(config: Pick<Config, "mediaDir" | "s3">): MediaStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.mediaDir);
}
