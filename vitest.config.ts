import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit tests of the shared package, the SDK's client and the web app (its components in jsdom), and
// the API suite on PGlite — and again on a real PostgreSQL when TEST_DATABASE_URL is set (each test
// file gets a fresh database).
const postgres = process.env.TEST_DATABASE_URL;

/**
 * The web app renders on Preact, as in the browser (apps/web/vite.config.ts): `react` and `react-dom`
 * are @preact/compat in node_modules. Testing Library runs through Vite from its ES module build, so
 * that its `react-dom/test-utils` (which @preact/compat does not export) becomes Preact's; its
 * CommonJS build would `require` it, past Vite's aliases.
 */
const PREACT_ALIASES = {
  "@testing-library/react": "@testing-library/react/dist/@testing-library/react.esm.js",
  "react-dom/test-utils": "preact/test-utils",
};

export default defineConfig({
  test: {
    // NOTE: Vitest's default is one worker fewer than the cores: one on a 2-core machine. The API
    // files spend much of their time waiting on PostgreSQL and the hashing threads, so every core
    // gets a worker (the two timing tests retry a stray measurement).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        test: { name: "sdk", root: "packages/sdk", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        test: { name: "web", root: "apps/web", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias: PREACT_ALIASES },
        test: {
          name: "web-dom",
          root: "apps/web",
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/test/setup-dom.ts"],
          server: { deps: { inline: [/@testing-library\/react/] } },
          // Rendering a whole form in jsdom takes a few seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: { name: "scripts", root: "scripts", include: ["*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "api-pglite",
          root: "apps/api",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          env: { TEST_DB_KIND: "pglite" },
          setupFiles: ["test/conformance-setup.ts"],
          globalSetup: ["test/conformance-global.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: "api-postgres",
                root: "apps/api",
                include: ["src/**/*.test.ts", "test/**/*.test.ts"],
                env: { TEST_DB_KIND: "postgres", TEST_DATABASE_URL: postgres },
                setupFiles: ["test/conformance-setup.ts"],
                globalSetup: ["test/conformance-global.ts"],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
