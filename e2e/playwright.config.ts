import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { SHOP_PORTS, WORKERS } from "./support/servers";

// The journeys run against the production build served by the API, one server per worker, each on a
// fresh embedded database. Spec files are shared out between the workers; a file's tests run in order.
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: path.join(tmpdir(), "shop-e2e-results"),
  use: {
    // No baseURL here: support/fixtures.ts gives each worker its own server's.
    // NOTE: recording a trace of every test costs about a third of the suite's time; a failed test's
    // retry (CI retries once) records one. Locally, `--trace on` records them all.
    trace: "on-first-retry",
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
    command: `node support/start-servers.mjs ${SHOP_PORTS.join(" ")}`,
    wait: { stdout: /shop servers ready/ },
    name: "shop",
    reuseExistingServer: false,
    // Two servers seed their demo catalogues side by side.
    timeout: 180_000,
    // Lets the servers close their databases and the command remove their data folders.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      SHOP_DEMO: "1",
      LOG_LEVEL: "warn",
      // Every journey signs in from 127.0.0.1; the limit itself is covered by the API suite.
      AUTH_RATE_LIMIT_MAX: "1000",
      // The webhook journey's receiver listens on 127.0.0.1, which the shop refuses without it.
      WEBHOOKS_ALLOW_PRIVATE: "1",
      // The reminder journey meets a real reminder (due 10 minutes after checkout) within a second.
      CART_REMINDERS_EVERY_SECONDS: "1",
      CART_REMINDERS_EARLY_MINUTES: "10",
      DATABASE_URL: "",
    },
  },
});
