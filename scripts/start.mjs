#!/usr/bin/env node
// `npm start`: builds the web app and the API bundle when they are missing or older than their
// sources (scripts/ensure-built.mjs: after a `git pull`, a restart serves the new code), then runs
// the server.
import { ensureBuilt } from "./ensure-built.mjs";

try {
  ensureBuilt();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// The server handles SIGTERM/SIGINT itself; this process only hands over.
await import(new URL("../apps/api/dist/server.js", import.meta.url).href);
