/**
 * A PostgreSQL cluster of the bench's own: `initdb` into a folder, the settings docs/operations.md
 * recommends for a busy shop, listening on a free loopback port, started and stopped with `pg_ctl`.
 * What the machine's own PostgreSQL is set to (autovacuum, memory) then decides nothing.
 */
import { execFile } from "node:child_process";
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";

const run = promisify(execFile);

/** Where Debian and Ubuntu install the server's programs, one folder per major version. */
const BIN_ROOT = "/usr/lib/postgresql";

/**
 * The settings docs/operations.md ("PostgreSQL") recommends for a shop's database on a host like
 * this one (2 cores, the database beside the server); keep the two in step.
 */
export const RECOMMENDED_SETTINGS: Readonly<Record<string, string>> = {
  max_connections: "100",
  shared_buffers: "2GB",
  effective_cache_size: "6GB",
  work_mem: "16MB",
  maintenance_work_mem: "512MB",
  max_wal_size: "4GB",
  min_wal_size: "1GB",
  checkpoint_completion_target: "0.9",
  random_page_cost: "1.1",
  effective_io_concurrency: "200",
  jit: "off",
  autovacuum: "on",
  autovacuum_naptime: "15s",
  autovacuum_vacuum_scale_factor: "0.05",
  autovacuum_vacuum_insert_scale_factor: "0.1",
  autovacuum_analyze_scale_factor: "0.05",
  autovacuum_vacuum_cost_limit: "1000",
  shared_preload_libraries: "pg_stat_statements,pg_prewarm",
  log_autovacuum_min_duration: "1s",
  huge_pages: "try",
};

export interface PgCluster {
  /** A connection string for `database` on the cluster, as its superuser `postgres`. */
  url(database: string): string;
  port: number;
  /** The server's programs' major version (the folder under /usr/lib/postgresql). */
  version: string;
  /** The postmaster's process id: the cluster's CPU is its own and its children's. */
  postmasterPid: number;
  /** The last lines of the server's log. */
  logTail(lines?: number): string[];
  /** The server's log file. */
  logFile: string;
  /** Whether its shared memory is in huge pages, and how many the bench reserved for it. */
  hugePages: string;
  /** Stops the cluster (fast shutdown, then immediate, then SIGKILL); safe to call again. */
  stop(): Promise<void>;
}

/** The kernel's count of reserved huge pages (docs/operations.md, `huge_pages`). */
const NR_HUGEPAGES = "/proc/sys/vm/nr_hugepages";

/** A figure of /proc/meminfo ("HugePages_Free"), or 0. */
function meminfo(name: string): number {
  const line = readFileSync("/proc/meminfo", "utf8")
    .split("\n")
    .find((row) => row.startsWith(`${name}:`));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

/**
 * Reserves the huge pages the cluster's shared memory needs (as `postgres -C
 * shared_memory_size_in_huge_pages` counts them, PostgreSQL 15 and later) when the bench runs as
 * root and fewer are free, as docs/operations.md asks of a shop's host; `release` gives back what was
 * added. NOTE: without them, on this virtual machine every new connection and parallel worker
 * faulted in the shared buffers it touched 4 KB at a time: the year's report's first statement on a
 * fresh connection took 1.4 s instead of 0.8, its categories in two fresh workers 0.9 s instead of 0.2.
 */
async function reserveHugePages(
  needed: () => Promise<number>,
): Promise<{ note: string; release: () => void }> {
  const none = (note: string) => ({ note, release: () => undefined });
  if (process.getuid?.() !== 0) return none("not reserved (the bench does not run as root)");
  let pages: number;
  try {
    pages = await needed();
  } catch {
    return none("not counted (PostgreSQL 15 or later counts them)");
  }
  const free = meminfo("HugePages_Free");
  if (free >= pages) return none(`${pages} needed, ${free} free already`);
  const before = Number(readFileSync(NR_HUGEPAGES, "utf8"));
  try {
    writeFileSync(NR_HUGEPAGES, String(before + pages - free));
  } catch (error) {
    return none(`not reserved (${error instanceof Error ? error.message : error})`);
  }
  const release = () => writeFileSync(NR_HUGEPAGES, String(before));
  const got = meminfo("HugePages_Free");
  if (got < pages) {
    release();
    return none(`not reserved (the kernel found ${got} of ${pages})`);
  }
  return { note: `${pages} reserved by the bench, given back when it stops`, release };
}

/** The newest PostgreSQL server installed under /usr/lib/postgresql. */
function serverPrograms(): { bin: string; version: string } {
  const versions = existsSync(BIN_ROOT)
    ? readdirSync(BIN_ROOT)
        .filter((name) => existsSync(join(BIN_ROOT, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version)
    throw new Error(`no PostgreSQL server programs under ${BIN_ROOT}/*/bin (install the postgresql package)`);
  return { bin: join(BIN_ROOT, version, "bin"), version };
}

/**
 * PostgreSQL refuses to run as root: a bench run by root runs the cluster as the `postgres`
 * account the server's package created.
 */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .find((fields) => fields[0] === "postgres");
  if (!entry) throw new Error("running as root, and there is no postgres account to run PostgreSQL as");
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** A value as postgresql.conf quotes it. */
function confValue(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** The file of the bench's settings in the data folder, included by postgresql.conf. */
const BENCH_CONF = "bench.conf";

/** Whether `folder` holds a cluster this module made (its data folder, with the bench's settings file). */
export function clusterExists(folder: string): boolean {
  return existsSync(join(folder, "data", "PG_VERSION")) && existsSync(join(folder, "data", BENCH_CONF));
}

/**
 * Creates and starts a cluster in `folder` (empty, removed by the caller afterwards) with the
 * recommended settings and `extra` over them; with `reuse`, starts the cluster an earlier run made
 * there (clusterExists) with today's settings instead. The cluster trusts loopback connections: it
 * listens on 127.0.0.1 only, and on a socket in `folder`.
 */
export async function startCluster(
  folder: string,
  extra: Record<string, string> = {},
  { reuse = false }: { reuse?: boolean } = {},
): Promise<PgCluster> {
  const { bin, version } = serverPrograms();
  const owner = runAs();
  const data = join(folder, "data");
  const log = join(folder, "postgres.log");
  const options = { cwd: folder, ...owner, timeout: 120_000 };
  const program = (name: string) => join(bin, name);

  if (reuse) {
    const made = readFileSync(join(data, "PG_VERSION"), "utf8").trim();
    if (made !== version)
      throw new Error(
        `the cluster in ${folder} was made by PostgreSQL ${made}, not ${version}: run without --reuse`,
      );
  } else {
    mkdirSync(data, { mode: 0o700 });
    if (owner) {
      chownSync(folder, owner.uid, owner.gid);
      chownSync(data, owner.uid, owner.gid);
    }
    // --no-sync: the new cluster's files need not reach the disk before it starts; what it writes
    // once running is synced as in production.
    await run(
      program("initdb"),
      ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
      options,
    );
    appendFileSync(
      join(data, "postgresql.conf"),
      `\n# The bench's settings (bench/lib/pg-cluster.ts), written afresh at each start\ninclude '${BENCH_CONF}'\n`,
    );
  }
  const port = await freePort();
  const settings: Record<string, string> = {
    ...RECOMMENDED_SETTINGS,
    ...extra,
    listen_addresses: "127.0.0.1",
    port: String(port),
    unix_socket_directories: folder,
  };
  writeFileSync(
    join(data, BENCH_CONF),
    `${Object.entries(settings)
      .map(([name, value]) => `${name} = ${confValue(value)}`)
      .join("\n")}\n`,
  );
  if (owner) chownSync(join(data, BENCH_CONF), owner.uid, owner.gid);

  const hugePages = await reserveHugePages(async () => {
    const { stdout } = await run(
      program("postgres"),
      ["-D", data, "-C", "shared_memory_size_in_huge_pages"],
      options,
    );
    const pages = Number(stdout.trim());
    if (!(pages > 0)) throw new Error(`shared_memory_size_in_huge_pages: ${stdout.trim()}`);
    return pages;
  });

  let stopping: Promise<void> | undefined;
  let postmasterPid = 0;
  const stopNow = () => {
    // Last resort when the bench exits without its cleanup: an immediate shutdown.
    if (postmasterPid && !stopping) {
      try {
        process.kill(postmasterPid, "SIGQUIT");
      } catch {
        // Already gone.
      }
      hugePages.release();
    }
  };
  process.on("exit", stopNow);
  const pgCtl = (...args: string[]) => run(program("pg_ctl"), ["-D", data, ...args], options);
  const tail = (lines = 20) => {
    try {
      return readFileSync(log, "utf8").trimEnd().split("\n").slice(-lines);
    } catch {
      return [];
    }
  };

  const stop = () => {
    stopping ??= (async () => {
      try {
        await pgCtl("-m", "fast", "-w", "-t", "30", "stop");
      } catch {
        try {
          await pgCtl("-m", "immediate", "-w", "-t", "10", "stop");
        } catch {
          try {
            if (postmasterPid) process.kill(postmasterPid, "SIGKILL");
          } catch {
            // Not running (it never started, or it is gone).
          }
        }
      }
      process.off("exit", stopNow);
      hugePages.release();
    })();
    return stopping;
  };

  try {
    await pgCtl("-l", log, "-w", "-t", "60", "start");
    postmasterPid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch (error) {
    await stop();
    throw new Error(
      `the bench's PostgreSQL did not start: ${error instanceof Error ? error.message : error}\n${tail().join("\n")}`,
    );
  }
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    port,
    version,
    postmasterPid,
    logTail: tail,
    logFile: log,
    hugePages: hugePages.note,
    stop,
  };
}
