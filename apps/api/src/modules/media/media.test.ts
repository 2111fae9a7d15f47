import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { MEDIA_WIDTHS, UPLOAD_MAX_BYTES } from "@shop/shared/constants";
import { api, validation } from "@shop/shared/messages";
import type { MediaDto } from "@shop/shared/schemas/media";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { categories } from "#api/db/schema/categories";
import { media } from "#api/db/schema/media";
import { productGallery, products } from "#api/db/schema/products";
import { users } from "#api/db/schema/users";
import { createTestApp, inject, PASSWORD, signedInUser, type TestApp } from "#test/app";

let t: TestApp;
let mediaDir: string;
let manager: string;
let admin: string;
let shopper: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "shop-media-test-"));
  t = await createTestApp({ MEDIA_DIR: mediaDir });
  [manager, admin, shopper] = await Promise.all([
    signedInUser(t, "manager").then((u) => u.cookie),
    signedInUser(t, "admin").then((u) => u.cookie),
    signedInUser(t, "customer").then((u) => u.cookie),
  ]);
});

afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

// ---- fixtures, made here with sharp rather than committed as binaries ----

function solid(width: number, height: number, background = "#3b82f6") {
  return sharp({ create: { width, height, channels: 3, background } });
}

const png = (width = 800, height = 600) => solid(width, height).png().toBuffer();

/** A landscape JPEG whose EXIF says "turn a quarter" and carries a copyright and GPS position. */
function jpegWithExif() {
  return solid(1200, 800, "#ef4444")
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: "EXIF-SECRET-MARKER", Artist: "Camera Owner" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "19/1 4/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "72/1 52/1 0/1",
      },
    })
    .toBuffer();
}

const PAYLOAD = "<script>alert('polyglot')</script>";

/** A valid JPEG with a script in a comment segment and appended after the end-of-image marker. */
async function jpegPolyglot() {
  const jpeg = await solid(400, 300).jpeg().toBuffer();
  const comment = Buffer.from(PAYLOAD);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0); // COM marker
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2), Buffer.from(PAYLOAD)]);
}

/** A 1 KB PNG whose header declares 20000 x 20000 pixels (400 megapixels). */
async function pixelBomb() {
  const bytes = await png(8, 8);
  // IHDR: length at 8, type at 12, width and height at 16 and 20, CRC (over type and data) at 29.
  bytes.writeUInt32BE(20_000, 16);
  bytes.writeUInt32BE(20_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>',
);
const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

interface Part {
  field: string;
  bytes?: Buffer;
  value?: string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, serialised the way a browser's FormData is. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.bytes) {
      const blob = new Blob([new Uint8Array(part.bytes)], { type: part.type ?? "application/octet-stream" });
      form.append(part.field, blob, part.filename ?? "file");
    } else {
      form.append(part.field, part.value ?? "");
    }
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

async function upload(cookie: string | undefined, bytes: Buffer, filename = "photo.png", type = "image/png") {
  const body = await multipart([{ field: "image", bytes, filename, type }]);
  return inject(t.app, { method: "POST", url: "/api/media", cookie, ...body });
}

async function uploaded(bytes: Buffer | Promise<Buffer>, filename = "photo.png"): Promise<MediaDto> {
  const response = await upload(manager, await bytes, filename);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The file behind a /media/ URL, as stored on disk. */
function fileOf(url: string) {
  return path.join(mediaDir, ...url.replace(/^\/media\//, "").split("/"));
}

async function mediaCount() {
  return (await t.database.db.select({ id: media.id }).from(media)).length;
}

// ---- upload ----

describe("POST /api/media", () => {
  it("stores a PNG as WebP renditions at the media widths, never wider than the original", async () => {
    const response = await upload(manager, await png(800, 600), "Blue shirt.png");
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: api.mediaUploaded });
    const dto: MediaDto = body.data;
    expect(dto).toMatchObject({ name: "Blue shirt.png", width: 800, height: 600 });
    expect(dto.variants.map((v) => v.width)).toEqual([320, 640, 800]);
    expect(dto.url).toBe(dto.variants.at(-1)?.url);
    expect(dto.url).toMatch(new RegExp(`^/media/images/${dto._id}/800\\.webp$`));
    for (const variant of dto.variants) {
      const file = await readFile(fileOf(variant.url));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(Math.round((variant.width * 600) / 800));
    }
  });

  it("renders a large image at every media width, the widest being the default", async () => {
    const dto = await uploaded(png(2000, 1000));
    expect(dto.variants.map((v) => v.width)).toEqual([...MEDIA_WIDTHS]);
    expect(dto).toMatchObject({ width: 1024, height: 512 });
  });

  it("turns a JPEG upright and strips its EXIF (GPS, copyright) from every rendition", async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const dto = await uploaded(original, "holiday.jpg");
    // 1200 x 800 turned a quarter is 800 x 1200.
    expect(dto).toMatchObject({ width: 800, height: 1200, name: "holiday.jpg" });
    for (const variant of dto.variants) {
      const file = await readFile(fileOf(variant.url));
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
      expect(file.includes("EXIF-SECRET-MARKER")).toBe(false);
    }
  });

  it("serves a rendition at its URL as image/webp with nosniff and a year-long immutable cache", async () => {
    const dto = await uploaded(png(320, 200));
    const response = await t.app.inject({ method: "GET", url: dto.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.equals(await readFile(fileOf(dto.url)))).toBe(true);
  });

  it("keys files by id, never by the uploaded name, and keeps only a clean display name", async () => {
    const dto = await uploaded(png(100, 100), "../../etc/<b>passwd.png");
    expect(dto.name).toBe("bpasswd.png");
    expect(dto.url).not.toContain("passwd");
    const long = await uploaded(png(100, 100), `${"x".repeat(300)}.png`);
    expect(long.name).toHaveLength(200);
  });

  it("refuses an SVG carrying a script with 415, storing nothing", async () => {
    const before = await mediaCount();
    const response = await upload(manager, SVG, "logo.svg", "image/svg+xml");
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, message: api.unsupportedImage });
    expect(await mediaCount()).toBe(before);
  });

  it("refuses an HTML page renamed .jpg and declared image/jpeg with 415", async () => {
    const response = await upload(manager, HTML, "cat.jpg", "image/jpeg");
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(api.unsupportedImage);
  });

  it("refuses text, unreadable bytes, and a file whose image starts after leading script text", async () => {
    const jpeg = await solid(50, 50).jpeg().toBuffer();
    const truncatedJpeg = jpeg.subarray(0, 40);
    for (const bytes of [
      Buffer.from("just some text"),
      Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]),
      truncatedJpeg,
      Buffer.concat([Buffer.from(PAYLOAD), jpeg]),
    ]) {
      const response = await upload(manager, bytes, "x.jpg", "image/jpeg");
      expect(response.statusCode).toBe(415);
    }
  });

  it("re-encodes a JPEG/JS polyglot so that no served byte carries the payload", async () => {
    const polyglot = await jpegPolyglot();
    expect(polyglot.includes(PAYLOAD)).toBe(true);
    expect((await sharp(polyglot).metadata()).format).toBe("jpeg");
    const dto = await uploaded(polyglot, "innocent.jpg");
    for (const variant of dto.variants) {
      const served = await t.app.inject({ method: "GET", url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.includes("alert(")).toBe(false);
      expect(served.rawPayload.includes("<script")).toBe(false);
      expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
    }
  });

  it("accepts the first frame of a GIF, a WebP and an AVIF", async () => {
    const frames = await Promise.all(
      ["#f00", "#0f0", "#00f"].map((c) => solid(300, 200, c).png().toBuffer()),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const gif = await uploaded(animated, "anim.gif");
    expect(gif).toMatchObject({ width: 300, height: 200 });
    expect(gif.variants.map((v) => v.width)).toEqual([300]);
    const frame = await sharp(await readFile(fileOf(gif.url))).metadata();
    expect(frame).toMatchObject({ format: "webp", width: 300, height: 200 });
    expect(frame.pages ?? 1).toBe(1);
    const webp = await uploaded(solid(700, 100).webp().toBuffer(), "banner.webp");
    expect(webp.variants.map((v) => v.width)).toEqual([320, 640, 700]);
    const avif = await uploaded(solid(500, 400).avif().toBuffer(), "photo.avif");
    expect(avif).toMatchObject({ width: 500, height: 400 });
  });

  it("refuses a pixel bomb (a small PNG declaring 20000 x 20000) with 415", async () => {
    const bomb = await pixelBomb();
    expect(bomb.length).toBeLessThan(2048);
    const response = await upload(manager, bomb, "bomb.png");
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, message: api.imageTooManyPixels });
  });

  it("refuses a 30 MB file, and one just over 10 MB, with 413", async () => {
    const huge = Buffer.alloc(30 * 1024 * 1024, 1);
    const response = await upload(manager, huge, "huge.png");
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: api.uploadTooLarge });
    // Within the announced-length allowance, so the multipart file limit is what stops it.
    const justOver = Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 1);
    const over = await upload(manager, justOver, "over.png");
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(api.uploadTooLarge);
  });

  it("answers 400 'Please select a file to upload.' without a file, with an empty one or another field", async () => {
    const bodies = [
      await multipart([{ field: "name", value: "nothing" }]),
      await multipart([{ field: "image", bytes: Buffer.alloc(0), filename: "" }]),
      await multipart([{ field: "file", bytes: await png(10, 10), filename: "a.png" }]),
    ];
    for (const body of bodies) {
      const response = await inject(t.app, { method: "POST", url: "/api/media", cookie: manager, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: validation.selectFile,
        errors: { image: validation.selectFile },
      });
    }
  });

  it("answers 415 with the envelope to a request that is not multipart", async () => {
    const json = await inject(t.app, { method: "POST", url: "/api/media", cookie: manager, payload: {} });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ success: false, message: api.notMultipart });
    const raw = await inject(t.app, {
      method: "POST",
      url: "/api/media",
      cookie: manager,
      payload: await png(10, 10),
      headers: { "content-type": "image/png" },
    });
    expect(raw.statusCode).toBe(415);
    expect(raw.json().success).toBe(false);
  });

  it("answers 400 to a malformed multipart body", async () => {
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/media",
      cookie: manager,
      payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it("lets admins and managers upload, answers 401 to visitors and 403 to shoppers", async () => {
    const bytes = await png(50, 50);
    expect((await upload(undefined, bytes)).statusCode).toBe(401);
    expect((await upload(shopper, bytes)).statusCode).toBe(403);
    expect((await upload(admin, bytes)).statusCode).toBe(201);
    expect((await upload(manager, bytes)).statusCode).toBe(201);
  });

  it("refuses a cross-origin upload", async () => {
    const body = await multipart([{ field: "image", bytes: await png(10, 10), filename: "a.png" }]);
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/media",
      cookie: manager,
      payload: body.payload,
      headers: { ...body.headers, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(403);
  });
});

// ---- reads ----

describe("GET /api/media", () => {
  it("pages staff through the uploads, newest first, with a keyword on the name", async () => {
    const tag = `kw${Date.now().toString(36)}`;
    const first = await uploaded(png(40, 40), `${tag}-first.png`);
    const second = await uploaded(png(40, 40), `${tag}-second.png`);
    const response = await inject(t.app, {
      method: "GET",
      url: `/api/media?keyword=${tag.toUpperCase()}&size=1&page=1`,
      cookie: manager,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: [{ _id: second._id }],
      meta: { page: 1, size: 1, total: 2, pageCount: 2 },
    });
    const page2 = await inject(t.app, {
      method: "GET",
      url: `/api/media?keyword=${tag}&size=1&page=2`,
      cookie: admin,
    });
    expect(page2.json().data).toEqual([first]);
    const defaults = await inject(t.app, { method: "GET", url: "/api/media", cookie: manager });
    expect(defaults.json().meta).toMatchObject({ page: 1, size: 8 });
    expect(defaults.json().data.length).toBeLessThanOrEqual(8);
  });

  it("treats LIKE wildcards in the keyword literally", async () => {
    const response = await inject(t.app, { method: "GET", url: "/api/media?keyword=%25_", cookie: manager });
    expect(response.json().meta.total).toBe(0);
  });

  it("answers 401 to visitors and 403 to shoppers", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/media" })).statusCode).toBe(401);
    expect((await inject(t.app, { method: "GET", url: "/api/media", cookie: shopper })).statusCode).toBe(403);
  });
});

describe("GET /api/media/:id and /api/media/gallery", () => {
  it("shows one item to anyone, 404 for an unknown id and 400 for a malformed one", async () => {
    const dto = await uploaded(png(60, 40), "one.png");
    const response = await t.app.inject({ method: "GET", url: `/api/media/${dto._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(dto);
    const missing = await t.app.inject({ method: "GET", url: `/api/media/${newId()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: api.mediaNotFound });
    expect((await t.app.inject({ method: "GET", url: "/api/media/not-an-id" })).statusCode).toBe(400);
  });

  it("returns a gallery in the order asked for, leaving out unknown ids", async () => {
    const [a, b, c] = [await uploaded(png(30, 30)), await uploaded(png(30, 30)), await uploaded(png(30, 30))];
    const ids = [c._id, newId(), a._id, b._id, c._id];
    const response = await t.app.inject({
      method: "GET",
      url: `/api/media/gallery?gallery=${ids.join(",")}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((m: MediaDto) => m._id)).toEqual([c._id, a._id, b._id]);
    const empty = await t.app.inject({ method: "GET", url: "/api/media/gallery?gallery=" });
    expect(empty.json().data).toEqual([]);
    const bad = await t.app.inject({ method: "GET", url: "/api/media/gallery?gallery=abc" });
    expect(bad.statusCode).toBe(400);
  });
});

// ---- delete ----

describe("DELETE /api/media/:id", () => {
  it("removes the files and the row, clearing every product's thumbnail and gallery entry", async () => {
    const doomed = await uploaded(png(700, 500), "doomed.png");
    const kept = await uploaded(png(70, 50), "kept.png");
    const db = t.database.db;
    const [category] = await db
      .insert(categories)
      .values({ name: "Watches", slug: `watches-${newId()}` })
      .returning();
    if (!category) throw new Error("no category");
    const [withThumb, withGallery] = await db
      .insert(products)
      .values([
        { name: "Steel watch", price: 100, categoryId: category.id, thumbnailId: doomed._id },
        { name: "Gold watch", price: 200, categoryId: category.id, thumbnailId: kept._id },
      ])
      .returning();
    if (!withThumb || !withGallery) throw new Error("no products");
    await db.insert(productGallery).values([
      { productId: withThumb.id, mediaId: doomed._id, position: 0 },
      { productId: withThumb.id, mediaId: kept._id, position: 1 },
      { productId: withGallery.id, mediaId: doomed._id, position: 0 },
    ]);
    for (const variant of doomed.variants) expect(existsSync(fileOf(variant.url))).toBe(true);

    expect(
      (await inject(t.app, { method: "DELETE", url: `/api/media/${doomed._id}`, cookie: shopper }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/api/media/${doomed._id}` })).statusCode).toBe(401);

    const response = await inject(t.app, {
      method: "DELETE",
      url: `/api/media/${doomed._id}`,
      cookie: manager,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: api.deleted, data: null });

    const rows = await db.select().from(products).where(eq(products.categoryId, category.id));
    expect(rows.find((p) => p.id === withThumb.id)?.thumbnailId).toBeNull();
    expect(rows.find((p) => p.id === withGallery.id)?.thumbnailId).toBe(kept._id);
    const gallery = await db.select().from(productGallery);
    expect(gallery.filter((g) => g.mediaId === doomed._id)).toEqual([]);
    expect(gallery.filter((g) => g.productId === withThumb.id).map((g) => g.mediaId)).toEqual([kept._id]);
    for (const variant of doomed.variants) {
      expect(existsSync(fileOf(variant.url))).toBe(false);
      expect((await t.app.inject({ method: "GET", url: variant.url })).statusCode).toBe(404);
    }
    expect(existsSync(path.dirname(fileOf(doomed.url)))).toBe(false);
    expect(existsSync(fileOf(kept.url))).toBe(true);
    expect((await t.app.inject({ method: "GET", url: `/api/media/${doomed._id}` })).statusCode).toBe(404);

    const again = await inject(t.app, { method: "DELETE", url: `/api/media/${doomed._id}`, cookie: admin });
    expect(again.statusCode).toBe(404);
  });
});

// ---- avatar ----

describe("PATCH /api/users/current-user/avatar", () => {
  async function changeAvatar(cookie: string | undefined, bytes: Buffer, field = "avatar") {
    const body = await multipart([{ field, bytes, filename: "me.jpg", type: "image/jpeg" }]);
    return inject(t.app, { method: "PATCH", url: "/api/users/current-user/avatar", cookie, ...body });
  }

  it("sets a square WebP avatar shown on the current user, and deletes the previous one's file", async () => {
    const { cookie, user } = await signedInUser(t);
    const response = await changeAvatar(cookie, await jpegWithExif());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(api.avatarUpdated);
    const url: string = response.json().data.avatar.url;
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f]{24}\/256\.webp$/);

    const me = await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie });
    expect(me.json().data.avatar).toEqual({ url });
    const file = await readFile(fileOf(url));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();

    const second = await changeAvatar(cookie, await png(100, 80));
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json().data.avatar.url;
    expect(secondUrl).not.toBe(url);
    // Never upscaled: the shorter side of a small picture is the avatar's side.
    expect(await sharp(await readFile(fileOf(secondUrl))).metadata()).toMatchObject({
      width: 80,
      height: 80,
    });
    expect(existsSync(fileOf(url))).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.avatarUrl).toBe(secondUrl);
  });

  it("deletes the avatar's file when its owner closes the account", async () => {
    const { cookie } = await signedInUser(t);
    const response = await changeAvatar(cookie, await png(64, 64));
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().data.avatar.url;
    expect(existsSync(fileOf(url))).toBe(true);

    const closed = await inject(t.app, {
      method: "DELETE",
      url: "/api/users/current-user",
      cookie,
      payload: { currentPassword: PASSWORD },
    });
    expect(closed.statusCode).toBe(200);
    expect(existsSync(fileOf(url))).toBe(false);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("leaves an avatar URL it did not make alone", async () => {
    const { cookie, user } = await signedInUser(t);
    await t.database.db
      .update(users)
      .set({ avatarUrl: "https://cdn.example.com/someone.png" })
      .where(eq(users.id, user.id));
    const response = await changeAvatar(cookie, await png(300, 300));
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 to visitors, 415 to an SVG and 400 without the avatar field, keeping the old avatar", async () => {
    expect((await changeAvatar(undefined, await png(50, 50))).statusCode).toBe(401);
    const { cookie } = await signedInUser(t);
    const svg = await changeAvatar(cookie, SVG);
    expect(svg.statusCode).toBe(415);
    const wrongField = await changeAvatar(cookie, await png(50, 50), "image");
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({
      success: false,
      message: validation.selectFile,
      errors: { avatar: validation.selectFile },
    });
    const me = await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie });
    expect(me.json().data.avatar).toBeNull();
  });
});
