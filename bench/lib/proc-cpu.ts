/**
 * CPU time of processes, read from /proc (Linux): what `process.cpuUsage` counts for a process of
 * its own, readable for any process of the machine.
 */
import { readdirSync, readFileSync } from "node:fs";

/** USER_HZ: the kernel reports CPU times in hundredths of a second on every Linux this runs on. */
const CLOCK_TICKS = 100;

/**
 * The fields of /proc/<pid>/stat from the third (state) on: the command name before them is in
 * parentheses and may hold spaces.
 */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

const toMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS;

/** The CPU time (user + system, in ms) a process has used. */
export function cpuMsOf(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15.
  return toMs(Number(fields[11]) + Number(fields[12]));
}

/** A PostgreSQL process's part, from its title ("postgres: walwriter", "postgres: user db 127.0.0.1(...)"). */
export function roleOf(pid: number): string {
  const title = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  const part = /^postgres: (?:\d+\/)?(.*)$/.exec(title)?.[1] ?? "postmaster";
  if (/\d+\.\d+\.\d+\.\d+\(|\[local\]/.test(part)) return "connections";
  return part
    .split(" ")
    .slice(0, 2)
    .join(" ")
    .replace(/ (worker|launcher).*$/, " $1");
}

/**
 * The CPU time of one PostgreSQL cluster, in ms by part: its postmaster, each live child by its
 * part (roleOf), and "ended processes", the children the postmaster has waited for (an autovacuum
 * worker lives a few seconds; a connection closed), which the kernel adds to the parent's cutime
 * and cstime. Two readings' difference is the cluster's whole CPU between them, whatever ended
 * meanwhile; the machine's other PostgreSQL servers are not counted.
 */
export function clusterCpu(postmasterPid: number): Map<string, number> {
  const parts = new Map<string, number>();
  const add = (part: string, ms: number) => parts.set(part, (parts.get(part) ?? 0) + ms);
  const own = statFields(postmasterPid);
  add("postmaster", toMs(Number(own[11]) + Number(own[12])));
  // cutime and cstime are fields 16 and 17.
  add("ended processes", toMs(Number(own[13]) + Number(own[14])));
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const fields = statFields(pid);
      // ppid is field 4.
      if (Number(fields[1]) !== postmasterPid) continue;
      add(roleOf(pid), toMs(Number(fields[11]) + Number(fields[12])));
    } catch {
      // The process ended while it was read.
    }
  }
  return parts;
}

/** What each part spent between two readings of clusterCpu, and the sum. */
export function cpuSince(
  before: Map<string, number>,
  after: Map<string, number>,
): { total: number; parts: Map<string, number> } {
  const parts = new Map<string, number>();
  let total = 0;
  for (const [part, ms] of after) {
    const spent = ms - (before.get(part) ?? 0);
    parts.set(part, spent);
    total += spent;
  }
  // A part that was alive before and ended since: its time moved into "ended processes".
  for (const [part, ms] of before)
    if (!after.has(part)) {
      parts.set(part, -ms);
      total -= ms;
    }
  return { total, parts };
}

/**
 * The machine's CPU time since boot from /proc/stat, in ms: all of it, and the part `steal` (time a
 * virtual machine's CPUs were ready to run but the host ran something else). Two readings' difference
 * tells whether a slower minute was the host's doing: the same work costs more CPU time when stolen.
 */
export function machineCpu(): { totalMs: number; stealMs: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest counted in user).
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { totalMs: toMs(ticks.reduce((sum, t) => sum + t, 0)), stealMs: toMs(ticks[7] ?? 0) };
}
