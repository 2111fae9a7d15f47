/** Runs before every web-dom test file (vitest.config.ts): DOM matchers, and a clean page and store per test. */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// NOTE: the first answer of a test file waits for its DTO schema (and zod) to load before lib/api.ts
// checks it, which can take more than the default second when the files run side by side.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});
