/** Media in a folder on this machine (MEDIA_DIR), served by the API itself under /media/ (see app.ts). */
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertKey, type MediaStorage } from "./storage";

export const LOCAL_MEDIA_PREFIX = "/media/";

export class LocalStorage implements MediaStorage {
  readonly externalOrigin = undefined;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...assertKey(key).split("/"));
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`MEDIA_DIR: the media folder ${this.root} cannot be made (${reason})`);
    }
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never gets half a file.
    const partial = `${target}.${randomBytes(4).toString("hex")}.partial`;
    await writeFile(partial, body);
    await rename(partial, target);
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  publicUrl(key: string): string {
    return `${LOCAL_MEDIA_PREFIX}${assertKey(key)}`;
  }

  keyOf(url: string): string | undefined {
    if (!url.startsWith(LOCAL_MEDIA_PREFIX)) return undefined;
    const key = url.slice(LOCAL_MEDIA_PREFIX.length);
    try {
      return assertKey(key);
    } catch {
      return undefined;
    }
  }

  close(): void {}
}
