/**
 * `tsx src/cli/openapi.ts [file]`: writes the API's OpenAPI document, the one the server publishes at
 * GET /api/docs/json, to the file (or to standard output), without listening on a port. The app is
 * built as the tests build it, on a fresh in-memory database with a fixed configuration, so that the
 * document depends on the route schemas only, not on the shell's environment or on a web build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "#api/app";
import { parseConfig } from "#api/config";
import { migrate, openDatabase } from "#api/db/client";

async function main() {
  const out = process.argv[2];
  const scratch = mkdtempSync(path.join(tmpdir(), "shop-openapi-"));
  const config = parseConfig({
    NODE_ENV: "development",
    API_DOCS: "1",
    SHOP_DEMO: "0",
    DATA_DIR: scratch,
    // NOTE: a folder that never holds a web build, so the pages a build adds cannot change the document.
    WEB_DIST: path.join(scratch, "no-web-build"),
  });
  const database = await openDatabase({});
  // The app records at start what it issues documents under (the supplier's details): the tables must exist.
  await migrate(database);
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    if (out) {
      mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
      writeFileSync(out, text);
    } else {
      process.stdout.write(text);
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
