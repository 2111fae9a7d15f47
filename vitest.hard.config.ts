import { defineConfig } from "vitest/config";

// `npm run test:hard` (scripts/test-hard.mjs): faults and several instances, with the built server
// (apps/api/dist/server.js) in real processes on PGlite and on the PostgreSQL of TEST_DATABASE_URL.
// Files run one after the other so that the two cores go to the servers under test.
export default defineConfig({
  test: {
    name: "api-hard",
    root: "apps/api",
    include: ["test-hard/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    env: {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
  },
});
