/**
 * The processes the bench starts (API servers, the ceiling server, builds). Each is stopped by its
 * own pid when the bench is done with it, and every one still running when the bench exits, even
 * on a failure or Ctrl-C, is killed.
 */
import type { ChildProcess } from "node:child_process";

const running = new Set<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL if the process has not exited after `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stop(child)));
}

// Last resort when the bench exits without its cleanup (an uncaught error): nothing outlives it.
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
