/** Reading one uploaded file from a multipart request, with the limits of SPEC section 9. */
import multipart from "@fastify/multipart";
import { UPLOAD_MAX_BYTES } from "@shop/shared/constants";
import { api, validation } from "@shop/shared/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "#api/core/errors";

/** Room for the multipart framing and a few small fields around the file itself. */
const FRAMING_ALLOWANCE = 64 * 1024;

/** Registers @fastify/multipart in the calling plugin's scope: one file of at most UPLOAD_MAX_BYTES, few small fields. */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 6,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
}

export interface Upload {
  buffer: Buffer;
  filename: string;
}

function tooLarge(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", api.uploadTooLarge);
}

/** Maps multipart failures: a limit (413 from the plugin) to our 413, anything else to a 400 with the form message. */
function uploadError(error: unknown, field: string): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413) return tooLarge();
  if (status === 406) return new AppError("UNSUPPORTED_MEDIA_TYPE", api.notMultipart);
  // Malformed multipart (bad boundary, truncated part, prototype field names, ...).
  return new AppError("BAD_REQUEST", validation.selectFile, { [field]: validation.selectFile });
}

/**
 * The file sent in `field` of a multipart request, read into memory (at most UPLOAD_MAX_BYTES).
 * Not multipart: 415. No file, an empty one or another field: 400 'Please select a file to upload.'.
 */
export async function readUpload(request: FastifyRequest, field: string): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", api.notMultipart);
  // A body announced as far too big is refused before a byte of it is read.
  const length = Number(request.headers["content-length"]);
  if (Number.isFinite(length) && length > UPLOAD_MAX_BYTES + FRAMING_ALLOWANCE) throw tooLarge();
  const missing = new AppError("BAD_REQUEST", validation.selectFile, { [field]: validation.selectFile });
  try {
    const part = await request.file();
    if (!part) throw missing;
    if (part.fieldname !== field) {
      part.file.resume();
      throw missing;
    }
    const buffer = await part.toBuffer();
    // NOTE: a form submitted without choosing a file still sends the part, empty and without a name.
    if (buffer.length === 0) throw missing;
    return { buffer, filename: part.filename };
  } catch (error) {
    throw uploadError(error, field);
  }
}
