#!/usr/bin/env node
// `npm start`: builds whatever is missing (web app, API bundle), then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(new URL("../apps/web/dist/index.html", import.meta.url)))
  run(["run", "build", "-w", "@shop/web"]);
if (!existsSync(new URL("../apps/api/dist/server.js", import.meta.url)))
  run(["run", "build", "-w", "@shop/api"]);

// The server handles SIGTERM/SIGINT itself; this process only hands over.
await import(new URL("../apps/api/dist/server.js", import.meta.url).href);
