import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPolling } from "./polling";

/** A run that stays in progress until `finish` is called; counts how many runs started. */
function controlledRun() {
  let started = 0;
  let finish: () => void = () => undefined;
  const run = () => {
    started++;
    return new Promise<void>((resolve) => {
      finish = resolve;
    });
  };
  return { run, started: () => started, finish: () => finish() };
}

/** Lets the promise callbacks of a finished run (its `finally`) take their turn. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startPolling", () => {
  it("runs at once, then on its timer, never two runs at a time", async () => {
    const job = controlledRun();
    const polling = startPolling(job.run, { everyMs: 1_000, wakeDelayMs: 20 });
    expect(job.started()).toBe(1);
    // The timer fires three times while the first run is in progress: one more run after it, not three.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(job.started()).toBe(1);
    job.finish();
    await settle();
    expect(job.started()).toBe(2);
    job.finish();
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.started()).toBe(3);
    job.finish();
    await polling.stop();
  });

  it("gathers the wakes of a moment into one run after the wake delay", async () => {
    const job = controlledRun();
    const polling = startPolling(job.run, { everyMs: 60_000, wakeDelayMs: 20 });
    job.finish();
    await settle();
    for (let i = 0; i < 5; i++) polling.wake();
    await vi.advanceTimersByTimeAsync(19);
    expect(job.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.started()).toBe(2);
    job.finish();
    await polling.stop();
  });

  it("stops: waits for the run in progress and starts none after it, woken or not", async () => {
    const job = controlledRun();
    const polling = startPolling(job.run, { everyMs: 1_000, wakeDelayMs: 20 });
    polling.wake();
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = polling.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    job.finish();
    await stopping;
    expect(stopped).toBe(true);
    polling.wake();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.started()).toBe(1);
  });
});
