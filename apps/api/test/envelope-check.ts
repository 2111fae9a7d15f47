/**
 * What every answer of the API must look like (docs/design.md section 4): JSON in the envelope, and a
 * refusal worded with a message of packages/shared, never an internal or library message.
 */
import * as messages from "@shop/shared/messages";
import type { LightMyRequestResponse } from "fastify";

const SENTINEL = "QQSENTINELQQ";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A placeholder that reads as the sentinel in text and as a number in comparisons. */
const placeholder = (value: number) => ({ valueOf: () => value, toString: () => SENTINEL });

/** A message function called with placeholders of each kind (and both sides of its branches), as patterns. */
function patternsOf(fn: (...args: unknown[]) => unknown): RegExp[] {
  const patterns: RegExp[] = [];
  for (const arg of [
    placeholder(987_654_321),
    placeholder(0),
    1,
    [SENTINEL],
    [SENTINEL, SENTINEL],
    SENTINEL,
  ]) {
    try {
      const text = fn(...Array.from({ length: fn.length }, () => arg));
      // NOTE: a message made of its arguments alone ("2 NOS", "Name, Director") has no words of its
      // own to tell it by: it would match any text, so it is no pattern.
      if (typeof text === "string" && /[A-Za-z]/.test(text.replaceAll(SENTINEL, "")))
        patterns.push(new RegExp(`^${escapeRegExp(text).replaceAll(SENTINEL, "[\\s\\S]*")}$`));
    } catch {
      // This kind of argument does not suit it; another may.
    }
  }
  return patterns;
}

const exact = new Set<string>();
const patterns: RegExp[] = [];
(function collect(value: unknown) {
  if (typeof value === "string") exact.add(value);
  else if (typeof value === "function") {
    patterns.push(...patternsOf(value as (...args: unknown[]) => unknown));
  } else if (value && typeof value === "object") for (const inner of Object.values(value)) collect(inner);
})(messages);

/** Whether a text is one of the messages of packages/shared (a fixed one, or one a message function makes). */
export function isShopMessage(text: string): boolean {
  return exact.has(text) || patterns.some((pattern) => pattern.test(text));
}

/**
 * What is wrong with an answer's envelope; empty when nothing is. `files` are the media types the
 * operation's document gives its success answers of this status (a PDF): such an answer is the
 * file itself, outside the envelope. A refusal is always in the envelope.
 */
export function envelopeProblems(response: LightMyRequestResponse, files: readonly string[] = []): string[] {
  const status = response.statusCode;
  const type =
    String(response.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim() ?? "";
  if (status < 400 && files.includes(type)) return [];
  if (!String(response.headers["content-type"] ?? "").startsWith("application/json"))
    return [
      `${status}: content-type ${response.headers["content-type"]}, body ${response.body.slice(0, 200)}`,
    ];
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [`${status}: body is not JSON: ${response.body.slice(0, 200)}`];
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return [`${status}: body is not an object`];
  const { success, message, errors, data, ...rest } = body as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof success !== "boolean") problems.push(`${status}: success is ${JSON.stringify(success)}`);
  if (success !== status < 400) problems.push(`${status}: success is ${success}`);
  if (typeof message !== "string") problems.push(`${status}: message is ${JSON.stringify(message)}`);
  if (success === false) {
    if (typeof message !== "string" || !isShopMessage(message))
      problems.push(`${status}: message ${JSON.stringify(message)} is not a shop message`);
    const extra = Object.keys(rest);
    if (extra.length > 0) problems.push(`${status}: an error carries ${extra.join(", ")}`);
    // What a refusal tells beyond its message (ErrorEnvelope's `data`): its faults worded by the shop too.
    if (data !== undefined) {
      if (!data || typeof data !== "object" || Array.isArray(data))
        problems.push(`${status}: data is ${JSON.stringify(data)}`);
      else
        for (const fault of (data as { errors?: { message?: unknown }[] }).errors ?? [])
          if (typeof fault.message !== "string" || !isShopMessage(fault.message))
            problems.push(
              `${status}: data.errors holds ${JSON.stringify(fault.message)}, not a shop message`,
            );
    }
    if (errors !== undefined) {
      if (!errors || typeof errors !== "object" || Array.isArray(errors))
        problems.push(`${status}: errors is ${JSON.stringify(errors)}`);
      else
        for (const [field, text] of Object.entries(errors))
          if (typeof text !== "string" || !isShopMessage(text))
            problems.push(`${status}: errors.${field} is ${JSON.stringify(text)}, not a shop message`);
    }
  }
  return problems;
}
