import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The journeys run against the production build served by the API on a fresh embedded database.
const PORT = Number(process.env.E2E_PORT ?? 4310);
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: path.join(tmpdir(), "shop-e2e-results"),
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node ../apps/api/dist/server.js",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SHOP_DEMO: "1",
      LOG_LEVEL: "warn",
      // Every journey signs in from 127.0.0.1; the limit itself is covered by the API suite.
      AUTH_RATE_LIMIT_MAX: "1000",
      DATABASE_URL: "",
    },
  },
});
