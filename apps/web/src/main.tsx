import "./lib/zod-jitless";
import "./index.css";
import { nextTask } from "./lib/next-task";

/** When no frame comes (a tab opened in the background), the app starts anyway after this long. */
const START_WITHOUT_FRAME_MS = 100;

let started = false;
function start() {
  if (started) return;
  started = true;
  // Preact first, then the router and the data layer, then the app, each evaluated in a task of
  // its own (app/runtime.ts, app/libraries.ts).
  void import("./app/runtime")
    .then(nextTask)
    .then(() => import("./app/libraries"))
    .then(nextTask)
    .then(() => import("./app/start"));
}

// NOTE: the app's code (Preact, the router, the first page) is evaluated once the browser has painted
// the header bar index.html draws: on a phone, evaluating it takes longer than downloading it, and
// the page should not stay blank meanwhile. index.html preloads that code (vite.config.ts), so
// nothing waits for the network here. Whichever comes first: the task after the next frame, the
// browser's report of its first paint (which a test's paused clock does not hold up), or a timeout.
requestAnimationFrame(() => setTimeout(start, 0));
if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  const paints = new PerformanceObserver(() => {
    paints.disconnect();
    start();
  });
  paints.observe({ type: "paint", buffered: true });
}
setTimeout(start, START_WITHOUT_FRAME_MS);
