import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#api/config";
import { createStorage } from "./create-storage";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";

describe("createStorage", () => {
  it("uses the media folder by default and an S3 bucket when S3_* is set", () => {
    const local = createStorage(parseConfig({ MEDIA_DIR: "/tmp/shop-media" }));
    expect(local).toBeInstanceOf(LocalStorage);
    expect(local.externalOrigin).toBeUndefined();
    const s3 = createStorage(
      parseConfig({
        S3_BUCKET: "shop",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PUBLIC_URL: "https://cdn.example.com/shop/",
      }),
    );
    expect(s3).toBeInstanceOf(S3Storage);
    expect(s3.externalOrigin).toBe("https://cdn.example.com");
    expect(s3.publicUrl("images/abc/640.webp")).toBe("https://cdn.example.com/shop/images/abc/640.webp");
    expect(s3.keyOf("https://cdn.example.com/shop/avatars/x/256.webp")).toBe("avatars/x/256.webp");
    expect(s3.keyOf("https://elsewhere.example.com/shop/avatars/x/256.webp")).toBeUndefined();
    s3.close();
  });

  it("derives the S3 public URL from a custom endpoint (path style) or the AWS region", () => {
    const settings = {
      bucket: "b",
      region: "eu-west-1",
      accessKeyId: "k",
      secretAccessKey: "s",
      endpoint: undefined,
      publicUrl: undefined,
    };
    const minio = new S3Storage({ ...settings, endpoint: "http://minio:9000/" });
    expect(minio.publicUrl("images/a/1.webp")).toBe("http://minio:9000/b/images/a/1.webp");
    const aws = new S3Storage(settings);
    expect(aws.publicUrl("images/a/1.webp")).toBe("https://b.s3.eu-west-1.amazonaws.com/images/a/1.webp");
    minio.close();
    aws.close();
  });
});

describe("LocalStorage", () => {
  it("writes, serves under /media/ and deletes by prefix, refusing keys that could leave its folder", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "shop-storage-test-"));
    try {
      const storage = new LocalStorage(root);
      await storage.put("images/abc/320.webp", Buffer.from("one"));
      await storage.put("images/abc/640.webp", Buffer.from("two"));
      expect(await readFile(path.join(root, "images", "abc", "640.webp"), "utf8")).toBe("two");
      expect(storage.publicUrl("images/abc/640.webp")).toBe("/media/images/abc/640.webp");
      expect(storage.keyOf("/media/images/abc/640.webp")).toBe("images/abc/640.webp");
      expect(storage.keyOf("/media/../secret")).toBeUndefined();
      expect(storage.keyOf("https://example.com/media/a.webp")).toBeUndefined();
      await storage.deletePrefix("images/abc");
      await expect(readFile(path.join(root, "images", "abc", "320.webp"))).rejects.toThrow();
      for (const key of ["../x", "a/../../x", "/etc/passwd", "", "a//b", "A.webp"]) {
        await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
      }
      await expect(storage.deletePrefix("..")).rejects.toThrow(/invalid storage key/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
