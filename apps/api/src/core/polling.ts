/**
 * A background job run on a timer and woken on demand: one run at a time (a wake during a run asks
 * for one more after it), a wake waiting `wakeDelayMs` so that the work of the requests answered
 * meanwhile goes in one batch. The outbox senders (email, webhooks) run on it.
 */
export interface Polling {
  /** Runs soon, without waiting for the timer. */
  wake(): void;
  /** Stops the timer and waits for the run in progress. */
  stop(): Promise<void>;
}

export function startPolling(
  run: () => Promise<void>,
  { everyMs, wakeDelayMs }: { everyMs: number; wakeDelayMs: number },
): Polling {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  let waking: NodeJS.Timeout | undefined;
  return {
    wake() {
      if (waking) return;
      waking = setTimeout(() => {
        waking = undefined;
        tick();
      }, wakeDelayMs);
      waking.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(waking);
      again = false;
      await running;
    },
  };
}
