import { randomBytes, randomInt } from "node:crypto";

// Ids follow the MongoDB ObjectId layout so that they look like the ones the shop has always
// shown: 4-byte big-endian seconds, 5 random bytes chosen once per process, 3-byte counter.
// Sorting ids as strings therefore sorts them (roughly) by creation time.

const PROCESS_RANDOM = randomBytes(5);
const COUNTER_LIMIT = 0x1000000;
let counter = randomInt(COUNTER_LIMIT);

const ID_PATTERN = /^[0-9a-f]{24}$/;

/** A new 24-character lower-case hexadecimal id (ObjectId layout: time, process random, counter). */
export function newId(): string {
  const bytes = Buffer.allocUnsafe(12);
  // NOTE: `>>> 0` keeps the seconds an unsigned 32-bit value (valid until 2106).
  bytes.writeUInt32BE(Math.floor(Date.now() / 1000) >>> 0, 0);
  PROCESS_RANDOM.copy(bytes, 4);
  counter = (counter + 1) % COUNTER_LIMIT;
  bytes.writeUIntBE(counter, 9, 3);
  return bytes.toString("hex");
}

/** Whether a value has the shape of an id made by newId (24 lower-case hexadecimal characters). */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** The creation time encoded in an id (second precision). */
export function idTimestamp(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}
