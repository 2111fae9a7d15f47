import "./lib/zod-jitless";
import "./index.css";

/** When no frame comes (a tab opened in the background), the app starts anyway after this long. */
const START_WITHOUT_FRAME_MS = 100;

let started = false;
function start() {
  if (started) return;
  started = true;
  void import("./app/start");
}

// NOTE: the app's code (React, the router, the first page) is evaluated once the browser has painted
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
