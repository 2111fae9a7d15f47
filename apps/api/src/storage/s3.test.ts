/**
 * Media through the S3 storage against a real S3-protocol server (s3rver, test/s3.ts) started once
 * for this file on a loopback port: uploads, serving, replacing and deleting, an upload whose
 * storage fails half-way, and a bucket missing at start.
 */
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { MEDIA_WIDTHS } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#api/app";
import { parseConfig } from "#api/config";
import { media } from "#api/db/schema/media";
import { users } from "#api/db/schema/users";
import { createTestApp, inject, type TestApp } from "#test/app";
import { quickUser } from "#test/fixtures";
import { startS3, type TestS3 } from "#test/s3";
import { S3Storage } from "./s3";

let s3: TestS3;
let t: TestApp;
let client: S3Client;
let manager: string;
let shopper: { cookie: string; id: string };

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp(s3.env);
  client = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  manager = (await quickUser(t, "manager")).cookie;
  const caller = await quickUser(t, "customer");
  shopper = { cookie: caller.cookie, id: caller.user.id };
});

afterAll(async () => {
  client?.destroy();
  await t?.close();
  await s3?.close();
});

/** Every key in the bucket under a prefix, sorted. */
async function keysUnder(prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
}

const image = (width = 1200, height = 800, background = "#10b981") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

function multipart(field: string, buffer: Buffer, filename = "photo.png") {
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    buffer,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = async (buffer: Buffer) =>
  inject(t.app, { method: "POST", url: "/api/media", cookie: manager, ...multipart("image", buffer) });

const changeAvatar = async (buffer: Buffer) =>
  inject(t.app, {
    method: "PATCH",
    url: "/api/users/current-user/avatar",
    cookie: shopper.cookie,
    ...multipart("avatar", buffer, "me.png"),
  });

/** Loads a URL as a browser would; the body's first bytes tell a WebP file. */
async function served(url: string) {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    cacheControl: response.headers.get("cache-control"),
    webp: body.subarray(0, 4).toString() === "RIFF" && body.subarray(8, 12).toString() === "WEBP",
  };
}

describe("S3 storage against an S3-protocol server", () => {
  it("uploads every width to the bucket, serves them from its URL, and deletes them with the image", async () => {
    const response = await upload(await image());
    expect(response.statusCode).toBe(201);
    const item = response.json().data as { _id: string; url: string };
    expect(item.url.startsWith(`${s3.endpoint}/${s3.bucket}/images/`)).toBe(true);
    const [row] = await t.database.db.select().from(media).where(eq(media.id, item._id));
    const prefix = `${row?.storageKey}/`;
    expect(await keysUnder(prefix)).toEqual(MEDIA_WIDTHS.map((width) => `${prefix}${width}.webp`).sort());
    for (const width of MEDIA_WIDTHS) {
      const file = await served(`${s3.endpoint}/${s3.bucket}/${prefix}${width}.webp`);
      expect(file).toEqual({
        status: 200,
        type: "image/webp",
        cacheControl: "public, max-age=31536000, immutable",
        webp: true,
      });
    }
    expect((await served(item.url)).status).toBe(200);

    const deleted = await inject(t.app, { method: "DELETE", url: `/api/media/${item._id}`, cookie: manager });
    expect(deleted.statusCode).toBe(200);
    expect(await keysUnder(prefix)).toEqual([]);
    expect((await served(item.url)).status).toBe(404);
    expect((await inject(t.app, { method: "GET", url: `/api/media/${item._id}` })).statusCode).toBe(404);
  });

  it("replaces an avatar: the new file under a new key is served, the old one is gone", async () => {
    const first = await changeAvatar(await image(400, 400, "#f59e0b"));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().data.avatar.url as string;
    expect((await served(firstUrl)).status).toBe(200);

    const second = await changeAvatar(await image(500, 500, "#6366f1"));
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().data.avatar.url as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await served(secondUrl)).toMatchObject({ status: 200, type: "image/webp", webp: true });
    expect((await served(firstUrl)).status).toBe(404);
    // Only the current avatar's file is left in the bucket.
    const key = secondUrl.slice(`${s3.endpoint}/${s3.bucket}/`.length);
    expect(await keysUnder("avatars/")).toEqual([key]);
  });

  it("leaves nothing half written when the bucket fails one width of an upload (500) or drops an avatar's connection", async () => {
    const rowsBefore = await t.database.db.$count(media);
    const objectsBefore = await keysUnder("images/");
    const failedBefore = s3.failed;
    // The 640 px width fails every time it is tried; the other widths land a second later, after
    // the failure is known: none of them may stay behind.
    s3.failPuts(/\/640\.webp$/, "500", 1000);
    try {
      const response = await upload(await image());
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, message: api.mediaStorageUnavailable });
    } finally {
      s3.heal();
    }
    expect(s3.failed).toBeGreaterThan(failedBefore);
    expect(await t.database.db.$count(media)).toBe(rowsBefore);
    expect(await keysUnder("images/")).toEqual(objectsBefore);

    const [before] = await t.database.db.select().from(users).where(eq(users.id, shopper.id));
    const avatarsBefore = await keysUnder("avatars/");
    s3.failPuts(/^\/[^/]+\/avatars\//, "drop", 0);
    try {
      const response = await changeAvatar(await image(300, 300));
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(api.mediaStorageUnavailable);
    } finally {
      s3.heal();
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.id, shopper.id));
    expect(after?.avatarUrl).toBe(before?.avatarUrl);
    expect(await keysUnder("avatars/")).toEqual(avatarsBefore);
    if (before?.avatarUrl) expect((await served(before.avatarUrl)).status).toBe(200);

    // Healed, the same upload goes through.
    expect((await upload(await image())).statusCode).toBe(201);
  });

  it("stops the start naming S3_BUCKET when the bucket is missing", async () => {
    const config = (env: NodeJS.ProcessEnv) =>
      parseConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/shop-test-data", SHOP_DEMO: "0", ...s3.env, ...env });
    await expect(
      buildApp({ config: config({ S3_BUCKET: "no-such-bucket" }), database: t.database, logger: false }),
    ).rejects.toThrow(`S3_BUCKET: the bucket "no-such-bucket" at ${s3.endpoint} does not exist`);
    const started = await buildApp({ config: config({}), database: t.database, logger: false });
    await started.close();
    // The storage itself says the same, and answers for a bucket that is there.
    const settings = config({}).s3;
    if (!settings) throw new Error("the S3 settings are missing");
    await new S3Storage(settings).check();
    const storage = new S3Storage({ ...settings, bucket: "other-bucket" });
    await expect(storage.check()).rejects.toThrow(/S3_BUCKET: the bucket "other-bucket" .* does not exist/);
    storage.close();
  });
});
