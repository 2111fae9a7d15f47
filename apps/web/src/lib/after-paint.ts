/**
 * Work put off until the browser has painted, in tasks of its own. Preact renders a change at once,
 * in one task (React's `useDeferredValue` and `startTransition` do nothing under it, decision 044):
 * a page that renders all its parts together blocks a slow phone's main thread for as long as they
 * take. These hooks split such a render: the part that can wait renders in a later task.
 */
import { type ReactNode, useEffect, useState } from "react";

/**
 * Runs `work` in a task of its own once the browser has painted: effects run after the paint, and a
 * timeout leaves the rest of the frame's work (other effects, input) to go first.
 */
function afterPaint(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * `value`, a render later: `initial` (a placeholder's value) while the page is first painted, then
 * `value` in a task of its own, and each later change of `value` likewise one task later.
 */
export function useAfterPaint<T>(value: T, initial: T): T {
  const [shown, setShown] = useState(initial);
  useEffect(() => (Object.is(shown, value) ? undefined : afterPaint(() => setShown(value))), [shown, value]);
  return shown;
}

/**
 * How many of `count` items to render: none at first, then `step` more in each task after a paint,
 * until all are. A list of items that each take a while to render (product cards) is so rendered a
 * row at a time, no task long enough to hold up a tap. A longer list goes on from where it was; a
 * shorter one is rendered whole.
 */
export function useRevealed(count: number, step: number): number {
  const [revealed, setRevealed] = useState(0);
  useEffect(
    () =>
      revealed < count ? afterPaint(() => setRevealed((now) => Math.min(count, now + step))) : undefined,
    [revealed, count, step],
  );
  return Math.min(revealed, count);
}

/**
 * Its children, rendered in a task of their own once the page around them is painted (`fallback`, or
 * nothing, until then); rendered at once from then on.
 */
export function AfterPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useAfterPaint(true, false) ? children : fallback;
}
