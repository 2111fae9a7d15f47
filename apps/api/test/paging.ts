/** Reading a list the way the dashboard pages it: by `after` cursors, or page by page by offset. */
import type { ListMeta } from "@shop/shared/api";
import { expect } from "vitest";
import { inject, type TestApp } from "./app";

export interface ListAnswer {
  ids: string[];
  meta: ListMeta;
}

/** GET `url` (a list with its query) as `cookie`, answering the ids of its items and its meta. */
export async function readList(t: TestApp, url: string, cookie: string): Promise<ListAnswer> {
  const response = await inject(t.app, { method: "GET", url, cookie });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  const body = response.json() as { data: Record<string, unknown>[]; meta: ListMeta };
  const ids = body.data.map((item) => String(item._id ?? item.variantId));
  return { ids, meta: body.meta };
}

/**
 * Every id of a list read from page 1 on, each next page asked `after` the `meta.next` of the one
 * before (with its page number, as the dashboard's address carries both), until a page has no
 * `meta.next`; every page but the last is full.
 */
export async function walkByCursor(t: TestApp, url: string, cookie: string, size: number): Promise<string[]> {
  const joiner = url.includes("?") ? "&" : "?";
  const ids: string[] = [];
  let after: string | undefined;
  for (let page = 1; page <= 1_000; page++) {
    const cursor = after ? `&after=${encodeURIComponent(after)}` : "";
    const answer = await readList(t, `${url}${joiner}size=${size}&page=${page}${cursor}`, cookie);
    ids.push(...answer.ids);
    expect(answer.meta.page).toBe(page);
    if (!answer.meta.next) return ids;
    expect(answer.ids, `page ${page} before the end`).toHaveLength(size);
    after = answer.meta.next;
  }
  throw new Error(`${url}: more than 1,000 pages`);
}
