import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit tests of the shared package, the SDK's client and the web app (its components in jsdom), and
// the API suite on PGlite — and again on a real PostgreSQL when TEST_DATABASE_URL is set (each test
// file gets a fresh database).
const postgres = process.env.TEST_DATABASE_URL;

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
        test: {
          name: "web-dom",
          root: "apps/web",
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/test/setup-dom.ts"],
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
