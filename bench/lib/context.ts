/**
 * What the parts of the bench share: the catalogues (seeded once per run, on demand), the API
 * servers on them, the time budget, the report, and the cleanup that runs whatever happens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../../apps/api/src/db/client";
import { dropDatabase, type SeededCatalog, seedCatalog } from "../seed";
import { type ApiServer, startApiServer } from "./api-server";
import { stopAll } from "./children";
import type { Report } from "./report";

export const SIZES = [1_000, 10_000, 100_000] as const;
export type CatalogSize = (typeof SIZES)[number];

export function sizeLabel(size: number): string {
  return size >= 1000 ? `${size / 1000}k` : String(size);
}

export interface Catalog extends Pick<SeededCatalog, "products" | "newestProductId"> {
  databaseUrl: string;
}

export interface ContextOptions {
  /** The PostgreSQL server (any database on it); the bench creates `shop_bench_*` there. */
  serverUrl: string;
  /** performance.now() by which the whole run should be done. */
  deadline: number;
  /** Keep the databases after the run (for EXPLAIN by hand). */
  keep: boolean;
  /** Use an existing `shop_bench_*` database of the right size instead of seeding it again. */
  reuse: boolean;
  /** Print EXPLAIN ANALYZE of the slowest searches. */
  explain: boolean;
  report: Report;
}

export class BenchContext {
  readonly report: Report;
  readonly explain: boolean;
  /** --keep and --reuse, for a part that keeps more than databases (a cluster of its own). */
  readonly keep: boolean;
  readonly reuse: boolean;
  private readonly catalogs = new Map<number, Promise<Catalog>>();
  private readonly servers = new Map<number, Promise<ApiServer>>();
  private readonly databases = new Set<string>();
  private readonly tempDirs: string[] = [];
  /** What a part started outside the tracked child processes (a PostgreSQL cluster), stopped at cleanup. */
  private readonly closers: (() => Promise<void>)[] = [];
  /** Set by cleanup: nothing new is started afterwards. */
  private closed = false;

  constructor(private readonly options: ContextOptions) {
    this.report = options.report;
    this.explain = options.explain;
    this.keep = options.keep;
    this.reuse = options.reuse;
  }

  /** Milliseconds left of the run's budget. */
  remainingMs(): number {
    return this.options.deadline - performance.now();
  }

  /** At most `wantedMs`, never past the run's budget. */
  budget(wantedMs: number): number {
    return Math.max(0, Math.min(wantedMs, this.remainingMs()));
  }

  databaseUrl(size: number): string {
    const url = new URL(this.options.serverUrl);
    // BENCH_DATABASE_TAG keeps one engineer's bench databases apart from another's on a shared server.
    const tag = process.env.BENCH_DATABASE_TAG;
    if (tag && !/^[a-z0-9]+$/.test(tag))
      throw new Error("BENCH_DATABASE_TAG: lower-case letters and digits only");
    url.pathname = `/shop_bench_${tag ? `${tag}_` : ""}${sizeLabel(size)}`;
    return url.toString();
  }

  /** The catalogue of this many active products, seeded on first use (its seed time is a figure). */
  catalog(size: CatalogSize): Promise<Catalog> {
    let catalog = this.catalogs.get(size);
    if (!catalog) {
      catalog = this.loadCatalog(size);
      this.catalogs.set(size, catalog);
    }
    return catalog;
  }

  private async loadCatalog(size: CatalogSize): Promise<Catalog> {
    const databaseUrl = this.databaseUrl(size);
    this.databases.add(databaseUrl);
    if (this.options.reuse) {
      const existing = await existingCatalog(databaseUrl, size);
      if (existing) {
        this.report.note(`reusing ${new URL(databaseUrl).pathname.slice(1)} (--reuse)`);
        return existing;
      }
    }
    const steps: string[] = [];
    const seeded = await seedCatalog(databaseUrl, {
      products: size,
      onStep: (step, seconds) => steps.push(`${step} ${seconds.toFixed(1)} s`),
    });
    this.report.figure({
      name: `seed ${sizeLabel(size)}`,
      value: `${seeded.seconds.toFixed(1)} s (${seeded.products} active + ${seeded.inactive} inactive products, ${seeded.categories} categories, ${seeded.users} shoppers, ${seeded.reviews} reviews)`,
      target: "target: seconds, set-based",
    });
    this.report.note(`of which ${steps.join(", ")}`);
    return { databaseUrl, products: seeded.products, newestProductId: seeded.newestProductId };
  }

  /** An API server on the catalogue of this size, started on first use. */
  api(size: CatalogSize): Promise<ApiServer> {
    let server = this.servers.get(size);
    if (!server) {
      server = this.catalog(size).then((catalog) => {
        if (this.closed) throw new Error("the bench is cleaning up");
        return startApiServer({ databaseUrl: catalog.databaseUrl, dataDir: this.tempDir() });
      });
      this.servers.set(size, server);
    }
    return server;
  }

  /** Stops every API server (between parts, so that one part's server never weighs on the next). */
  async stopServers(): Promise<void> {
    const servers = [...this.servers.values()];
    this.servers.clear();
    for (const server of servers) {
      const started = await server.catch(() => undefined);
      const logged = started?.logged() ?? [];
      if (logged.length > 0) this.report.note(`the API logged:\n    ${logged.join("\n    ")}`);
      await started?.stop();
    }
  }

  /** A fresh temporary folder, removed by cleanup. */
  tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "shop-bench-"));
    this.tempDirs.push(dir);
    return dir;
  }

  /**
   * Has cleanup call `close` after the API servers are stopped and before the temporary folders
   * are removed (a database cluster whose folder is one of them); at once when cleanup has run.
   */
  onCleanup(close: () => Promise<void>): void {
    if (this.closed) void close();
    else this.closers.push(close);
  }

  /** Stops every process, drops the databases (unless --keep) and removes the temporary folders. */
  async cleanup(): Promise<void> {
    this.closed = true;
    // Processes first, then the databases: dropping with FORCE also ends a seed under way, which
    // settles any server start still waiting for its catalogue.
    await stopAll();
    if (!this.options.keep) {
      for (const url of this.databases) {
        await dropDatabase(url).catch((error: unknown) => {
          console.error(`could not drop ${url}: ${error instanceof Error ? error.message : error}`);
        });
      }
    }
    await this.stopServers().catch(() => undefined);
    await stopAll();
    for (const close of this.closers.splice(0))
      await close().catch((error: unknown) => {
        console.error(`during cleanup: ${error instanceof Error ? error.message : error}`);
      });
    for (const dir of this.tempDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** A bench database left by an earlier run with --keep, when it holds this many active products. */
async function existingCatalog(databaseUrl: string, size: number): Promise<Catalog | undefined> {
  const handle = await openDatabase({ databaseUrl, poolSize: 1, onPoolError: () => undefined }).catch(
    () => undefined,
  );
  if (!handle) return undefined;
  try {
    const { rows } = await handle.db.execute<{ active: number; newest: string | null }>(
      `select count(*)::int as active,
        (select id from products where is_active order by created_at desc, id desc limit 1) as newest
       from products where is_active`,
    );
    const row = rows[0];
    return row?.active === size && row.newest
      ? { databaseUrl, products: size, newestProductId: row.newest }
      : undefined;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
