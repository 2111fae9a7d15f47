/** Runs before every web-dom test file (vitest.config.ts): DOM matchers, and a clean page and store per test. */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

// NOTE: the first answer of a test file waits for its DTO schema (and zod) to load before lib/api.ts
// checks it, which can take more than the default second when the files run side by side.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// NOTE: Preact runs a render's effects after the next frame, or after 35 ms when no frame comes
// (preact/hooks afterNextFrame), and then calls cancelAnimationFrame. A test file whose environment
// was torn down sooner than that (a busy machine) left the timer to fire without a window: an
// uncaught "cancelAnimationFrame is not defined" that fails the run. Those timers fire before this one.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 100)));
