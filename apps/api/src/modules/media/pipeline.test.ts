import { crc32 } from "node:zlib";
import { MEDIA_WIDTHS, UPLOAD_MAX_PIXELS } from "@shop/shared/constants";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decoder, displayName, renditionWidths, sniffFormat } from "./pipeline";

describe("decoder", () => {
  it("refuses to decode past UPLOAD_MAX_PIXELS, below sharp's own default limit", async () => {
    // 8000 x 8000 = 64 megapixels: more than the shop takes, less than sharp's default of about 268.
    const side = 8_000;
    expect(side * side).toBeGreaterThan(UPLOAD_MAX_PIXELS);
    expect(side * side).toBeLessThan(0x3fff * 0x3fff);
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    // IHDR: width and height at 16 and 20, its CRC (over type and data) at 29.
    bytes.writeUInt32BE(side, 16);
    bytes.writeUInt32BE(side, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    await expect(decoder(bytes).raw().toBuffer()).rejects.toThrow(/pixel limit/i);
  });
});

describe("renditionWidths", () => {
  it("never upscales, and keeps the original width as the largest when it is narrower than the widest", () => {
    expect(renditionWidths(100)).toEqual([100]);
    expect(renditionWidths(320)).toEqual([320]);
    expect(renditionWidths(800)).toEqual([320, 640, 800]);
    expect(renditionWidths(1024)).toEqual([...MEDIA_WIDTHS]);
    expect(renditionWidths(5000)).toEqual([...MEDIA_WIDTHS]);
  });
});

describe("sniffFormat", () => {
  it("knows the accepted formats by their first bytes only", () => {
    expect(sniffFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffFormat(Buffer.from("\x89PNG\r\n\x1a\n....", "latin1"))).toBe("png");
    expect(sniffFormat(Buffer.from("GIF89a..."))).toBe("gif");
    expect(sniffFormat(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffFormat(Buffer.from("\0\0\0\x1cftypavif\0\0\0\0mif1miaf", "latin1"))).toBe("avif");
    expect(sniffFormat(Buffer.from("\0\0\0\x18ftypmif1\0\0\0\0mif1avif", "latin1"))).toBe("avif");
  });

  it("knows nothing else: SVG, HTML, text, HEIC, or an image after leading bytes", () => {
    for (const text of [
      "<svg xmlns='http://www.w3.org/2000/svg'/>",
      "<!doctype html>",
      "hello",
      "\0\0\0\x1cftypheic",
      "\0\0\0\x18ftypmif1\0\0\0\0mif1heic",
    ]) {
      expect(sniffFormat(Buffer.from(text, "latin1"))).toBeUndefined();
    }
    expect(sniffFormat(Buffer.concat([Buffer.from(" "), Buffer.from([0xff, 0xd8, 0xff])]))).toBeUndefined();
    expect(sniffFormat(Buffer.alloc(0))).toBeUndefined();
  });
});

describe("displayName", () => {
  it("keeps the last path segment without control or markup characters, at most 200 characters", () => {
    expect(displayName("C:\\fakepath\\My photo.JPG")).toBe("My photo.JPG");
    expect(displayName("../../etc/passwd")).toBe("passwd");
    expect(displayName("a\u0000b\nc<d>.png")).toBe("ab cd.png");
    expect(displayName("x".repeat(500))).toHaveLength(200);
    expect(displayName("..")).toBe("image");
    expect(displayName(undefined)).toBe("image");
    expect(displayName("   ")).toBe("image");
  });
});
