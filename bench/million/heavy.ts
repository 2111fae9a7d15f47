/**
 * The million's reads that are files: the orders CSV export (its time, and the server's memory growth
 * while it streams, sampled from /proc), a 100 000-row product import through the dashboard's import
 * endpoint (in files of at most PRODUCT_IMPORT_ROWS_MAX rows, whole products each, as the endpoint
 * takes them), and the sitemap (an <urlset>, or a <sitemapindex> and each of its files).
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { PRODUCT_IMPORT_ROWS_MAX } from "@shop/shared/constants";
import type { ApiServer } from "../lib/api-server";
import type { Connection } from "../lib/load-loop";

/** How often the server's resident memory is read during the export. */
const SAMPLE_MS = 25;

export interface ExportRun {
  status: number;
  seconds: number;
  bytes: number;
  lines: number;
  /**
   * Resident memory before the request, and the most sampled while it ran (bytes). NOTE: sampled, not
   * the process's peak (VmHWM), which on a fresh server is its start's, above its RSS once started.
   */
  rssBefore: number;
  rssPeak: number;
}

/** GET /api/orders/export.csv (every order) with the admin's cookie, the body counted and dropped. */
export function measureExport(server: ApiServer, cookie: string): Promise<ExportRun> {
  const rssBefore = server.memory()?.rss ?? Number.NaN;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, server.memory()?.rss ?? 0);
  }, SAMPLE_MS);
  const started = performance.now();
  return new Promise<ExportRun>((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/orders/export.csv`,
      { headers: { cookie }, timeout: 30 * 60_000 },
      (response) => {
        let bytes = 0;
        let lines = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        });
        response.on("error", reject);
        response.on("end", () => {
          rssPeak = Math.max(rssPeak, server.memory()?.rss ?? 0);
          resolve({
            status: response.statusCode ?? 0,
            seconds: (performance.now() - started) / 1000,
            bytes,
            lines,
            rssBefore,
            rssPeak,
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error("the orders export did not finish in 30 minutes")));
    request.on("error", reject);
  }).finally(() => clearInterval(sampler));
}

/** The cells of one CSV line (quoted cells may hold commas and doubled quotes; no line breaks). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const c = line[k];
    if (quoted) {
      if (c === '"' && line[k + 1] === '"') {
        cell += '"';
        k++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

function lineOf(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(",");
}

/**
 * The first `rows` variant rows of the products export (GET /api/products/export.csv, read until
 * there are enough, then closed), whole products only; the header and the rows, ends of lines off.
 */
function exportedRows(server: ApiServer, cookie: string, rows: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    let rest = "";
    const request = http.get(`${server.url}/api/products/export.csv`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /api/products/export.csv: status ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const parts = (rest + chunk).split("\n");
        rest = parts.pop() ?? "";
        for (const part of parts) lines.push(part.replace(/\r$/, ""));
        // One line more than wanted: the product it starts tells where the last whole one ends.
        if (lines.length > rows + 1) request.destroy();
      });
      response.on("end", () => {
        if (rest) lines.push(rest.replace(/\r$/, ""));
        request.destroy();
      });
    });
    request.on("close", () => resolve(lines.slice(0, rows + 2)));
    request.on("error", (error) => {
      // Closing the stream on purpose ends it with an abort: the lines read so far are the answer.
      if (lines.length > rows + 1) resolve(lines.slice(0, rows + 2));
      else reject(error);
    });
  });
}

export interface ImportRun {
  /** Files sent, variant rows in them, and each file's time to its answer. */
  files: number;
  rows: number;
  ms: number[];
  failures: number;
  firstFailure?: string;
}

/**
 * Imports the first `rows` rows of the catalogue's own export with every price one rupee up, in files
 * of at most PRODUCT_IMPORT_ROWS_MAX rows of whole products (the endpoint's limit), one after the
 * other, as an owner updating a catalogue of that size would; each file applies in its own
 * transaction. POST /api/products/import, multipart field `file`, the admin's session.
 */
export async function measureImport(
  server: ApiServer,
  admin: Connection,
  rows: number,
  maxMs: number,
): Promise<ImportRun> {
  const cookie = admin.cookie ?? "";
  const [header = "", ...body] = await exportedRows(server, cookie, rows);
  // The export starts with a byte order mark, for spreadsheets.
  const columns = cellsOf(header.replace(/^\uFEFF/, ""));
  const handleAt = columns.indexOf("Handle");
  const priceAt = columns.indexOf("Price");
  if (handleAt < 0 || priceAt < 0)
    throw new Error(`the products export has no Handle or Price column: ${header}`);
  // Rows grouped by product, in order; a product the read cut short is left out.
  const products: string[][] = [];
  let handle: string | undefined;
  for (const line of body) {
    const cells = cellsOf(line);
    const price = Number(cells[priceAt]);
    if (Number.isFinite(price) && cells[priceAt] !== "") cells[priceAt] = (price + 1).toFixed(2);
    if (cells[handleAt] !== handle) {
      handle = cells[handleAt];
      products.push([]);
    }
    products.at(-1)?.push(lineOf(cells));
  }
  if (body.length > rows) products.pop();
  const files: string[][] = [[]];
  let taken = 0;
  for (const product of products) {
    if (taken + product.length > rows) break;
    const file = files.at(-1) ?? [];
    if (file.length + product.length > PRODUCT_IMPORT_ROWS_MAX) files.push([...product]);
    else file.push(...product);
    taken += product.length;
  }

  const run: ImportRun = { files: 0, rows: 0, ms: [], failures: 0 };
  const until = performance.now() + maxMs;
  for (const file of files) {
    if (file.length === 0 || performance.now() > until) continue;
    const form = new FormData();
    form.append(
      "file",
      new Blob([`${[header, ...file].join("\n")}\n`], { type: "text/csv" }),
      "products.csv",
    );
    const sent = performance.now();
    const response = await fetch(`${server.url}/api/products/import`, {
      method: "POST",
      headers: { cookie, origin: server.url },
      body: form,
      signal: AbortSignal.timeout(10 * 60_000),
    });
    const text = await response.text();
    run.ms.push(performance.now() - sent);
    run.files++;
    run.rows += file.length;
    if (response.status !== 200) {
      run.failures++;
      run.firstFailure ??= `${response.status} ${text.slice(0, 300)}`;
    }
  }
  return run;
}

export interface SitemapRun {
  kind: "index" | "urlset" | "other";
  /** The answer times of /sitemap.xml. */
  ms: number[];
  /** The files an index names (none for an urlset), each asked once. */
  files: { path: string; ms: number; urls: number; status: number }[];
  /** URLs in /sitemap.xml itself (an urlset) or in all its files. */
  urls: number;
  /** The most URLs in one file. */
  largest: number;
  failures: number;
}

const count = (text: string, tag: string) => text.split(`<${tag}>`).length - 1;

/** /sitemap.xml asked a few times, then each file it names once. */
export async function measureSitemap(connection: Connection, asks: number): Promise<SitemapRun> {
  const ms: number[] = [];
  let failures = 0;
  let text = "";
  for (let n = 0; n <= asks; n++) {
    const sent = performance.now();
    const answer = await connection.send("GET", "/sitemap.xml", { timeoutMs: 120_000 });
    if (n > 0) ms.push(performance.now() - sent);
    if (answer.status !== 200) failures++;
    text = answer.body.toString("utf8");
  }
  const kind = text.includes("<sitemapindex") ? "index" : text.includes("<urlset") ? "urlset" : "other";
  if (kind !== "index") {
    const urls = count(text, "url");
    return { kind, ms, files: [], urls, largest: urls, failures };
  }
  const files: SitemapRun["files"] = [];
  for (const [, loc = ""] of text.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)) {
    const path = new URL(loc.replaceAll("&amp;", "&")).pathname;
    const sent = performance.now();
    const answer = await connection.send("GET", path, { timeoutMs: 120_000 });
    const took = performance.now() - sent;
    if (answer.status !== 200) failures++;
    files.push({ path, ms: took, urls: count(answer.body.toString("utf8"), "url"), status: answer.status });
  }
  return {
    kind,
    ms,
    files,
    urls: files.reduce((total, file) => total + file.urls, 0),
    largest: Math.max(0, ...files.map((file) => file.urls)),
    failures,
  };
}
