/**
 * The image pipeline (docs/design.md section 5, Uploads): an upload is recognised by its content,
 * never by its name or declared type, checked against the size limits, then decoded and
 * re-encoded to WebP without metadata. Only the re-encoded pixels are ever stored or served,
 * so whatever else an upload carried (EXIF/GPS, a script in a comment, bytes after the image)
 * is gone.
 */
import { MEDIA_WIDTHS, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError } from "#api/core/errors";

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

export interface Rendition {
  width: number;
  height: number;
  data: Buffer;
}

/** WebP quality of every rendition. */
const WEBP_QUALITY = 80;
/** Side of the square avatar rendition. */
export const AVATAR_SIZE = 256;
/** A decode that takes longer than this is abandoned (a pathological file must not hold a worker). */
const DECODE_TIMEOUT_SECONDS = 20;

function unsupported(): AppError {
  return new AppError("UNSUPPORTED_MEDIA_TYPE", api.unsupportedImage);
}

/** A small file that would decode to a huge picture is refused as a file we do not take, not as a big one. */
function tooManyPixels(): AppError {
  return new AppError("UNSUPPORTED_MEDIA_TYPE", api.imageTooManyPixels);
}

/**
 * The format announced by the first bytes, or undefined. A file must start with its format's
 * signature: leading HTML, script or text (a polyglot, an SVG, a renamed page) is refused here,
 * before any decoder sees it. SVG has no signature on this list, so it never gets past this point.
 */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  const ascii = (start: number, end: number) => bytes.toString("latin1", start, end);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp" && ftypBrands(bytes).some((brand) => brand === "avif" || brand === "avis")) {
    return "avif";
  }
  return undefined;
}

/**
 * The brands of an ISO-BMFF file's leading "ftyp" box: the major brand, then the compatible ones.
 * AVIF files name avif (still) or avis (sequence), some as the major brand, some after "mif1".
 */
function ftypBrands(bytes: Buffer): string[] {
  const end = Math.min(bytes.length >= 4 ? bytes.readUInt32BE(0) : 0, bytes.length, 64);
  if (end < 12) return [];
  const brands = [bytes.toString("latin1", 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4)
    brands.push(bytes.toString("latin1", offset, offset + 4));
  return brands;
}

/** What sharp calls each accepted format (AVIF is read by the HEIF loader). */
const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "heif",
};

/** The one way an upload is opened: never more than UPLOAD_MAX_PIXELS decoded, one frame, a time limit. */
export function decoder(bytes: Buffer) {
  // NOTE: `pages: 1` keeps only the first frame of an animated GIF or WebP; `failOn: "error"`
  // refuses broken files while tolerating the harmless warnings many cameras produce.
  return sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "error", pages: 1 }).timeout({
    seconds: DECODE_TIMEOUT_SECONDS,
  });
}

/**
 * Uploads rendered at once. A 40-megapixel decode can take a few hundred megabytes and every
 * signed-in user may upload an avatar, so further uploads wait their turn instead of piling up.
 */
const MAX_CONCURRENT_RENDERS = 2;
let activeRenders = 0;
const waitingRenders: Array<() => void> = [];

async function withRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  while (activeRenders >= MAX_CONCURRENT_RENDERS) {
    await new Promise<void>((resolve) => waitingRenders.push(resolve));
  }
  activeRenders += 1;
  try {
    return await work();
  } finally {
    activeRenders -= 1;
    waitingRenders.shift()?.();
  }
}

/** Maps a sharp failure to the refusal it means: too many pixels (413) or not an image we read (415). */
function refusalOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooManyPixels();
  return unsupported();
}

export interface CheckedImage {
  format: ImageFormat;
  /** Size as displayed, after applying the EXIF orientation. */
  width: number;
  height: number;
}

/**
 * Checks an upload without decoding its pixels: size (413), signature and readable header of an
 * accepted format (415), pixel count (413). Throws an AppError; resolves with the upright size.
 */
export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", api.uploadTooLarge);
  const format = sniffFormat(bytes);
  if (!format) throw unsupported();
  let metadata: Metadata;
  try {
    metadata = await decoder(bytes).metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  if (metadata.format !== SHARP_FORMAT[format]) throw unsupported();
  if (format === "avif" && metadata.compression !== "av1") throw unsupported();
  const { width, height } = metadata;
  if (!width || !height) throw unsupported();
  // NOTE: sharp already refuses more pixels than limitInputPixels; this keeps the rule explicit.
  if (width * height > UPLOAD_MAX_PIXELS) throw tooManyPixels();
  // Orientations 5 to 8 turn the picture by a quarter: width and height swap.
  const turned = (metadata.orientation ?? 1) >= 5;
  return { format, width: turned ? height : width, height: turned ? width : height };
}

/**
 * The widths to render for an image this wide: every MEDIA_WIDTHS entry it reaches, plus its own
 * width as the largest when it is narrower than the widest entry. Never an upscale.
 */
export function renditionWidths(originalWidth: number): number[] {
  const widths: number[] = MEDIA_WIDTHS.filter((width) => width <= originalWidth);
  const widest = Math.max(...MEDIA_WIDTHS);
  if (originalWidth < widest && !widths.includes(originalWidth)) widths.push(originalWidth);
  return widths;
}

async function encode(pipeline: Sharp): Promise<Rendition> {
  try {
    const { data, info } = await pipeline
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * Checks an upload and renders it upright, without metadata, as WebP at each width of
 * `renditionWidths`, smallest first. Throws AppError 413/415 for a file it refuses.
 */
export async function renderImage(bytes: Buffer): Promise<Rendition[]> {
  const checked = await checkImage(bytes);
  return withRenderSlot(async () => {
    const renditions: Rendition[] = [];
    // One decode per width keeps memory flat; JPEG and WebP shrink on load, so small widths are cheap.
    for (const width of renditionWidths(checked.width)) {
      renditions.push(await encode(decoder(bytes).rotate().resize({ width, withoutEnlargement: true })));
    }
    return renditions;
  });
}

/** Checks an upload and renders a square avatar (centre crop, AVATAR_SIZE or the shorter side if smaller). */
export async function renderAvatar(bytes: Buffer): Promise<Rendition> {
  const checked = await checkImage(bytes);
  const side = Math.min(AVATAR_SIZE, checked.width, checked.height);
  return withRenderSlot(() =>
    encode(decoder(bytes).rotate().resize({ width: side, height: side, fit: "cover" })),
  );
}

/** The name shown for an upload: the original file name without any path, control characters or excess length. */
export function displayName(filename: string | undefined, fallback = "image"): string {
  const base = (filename ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/\s+/g, " ")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f<>"]/g, "")
    .trim()
    .slice(0, 200)
    .trim();
  return clean && clean !== "." && clean !== ".." ? clean : fallback;
}
