// The layer checks of `npm run check` (scripts/check-layers.mjs and Biome's noRestrictedImports
// overrides) fail on a sideways or upward import added to a scratch copy of the API, and pass on the tree.
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const biome = path.join(root, "node_modules/.bin/biome");
const scratches: string[] = [];

/** A copy of biome.json and apps/api/src, where an import can be added without touching the tree. */
function scratchCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-layers-"));
  scratches.push(dir);
  cpSync(path.join(root, "biome.json"), path.join(dir, "biome.json"));
  cpSync(path.join(root, "apps/api/src"), path.join(dir, "apps/api/src"), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}migrations`),
  });
  return dir;
}

function addImport(dir: string, file: string, line: string) {
  appendFileSync(path.join(dir, "apps/api/src", file), `\n${line}\n`);
}

function checkLayers(dir: string) {
  const result = spawnSync(process.execPath, [path.join(root, "scripts/check-layers.mjs"), dir], {
    encoding: "utf8",
  });
  return { status: result.status, output: result.stderr + result.stdout };
}

function lint(dir: string, file: string) {
  const result = spawnSync(
    biome,
    ["lint", "--vcs-enabled=false", "--only=style/noRestrictedImports", path.join("apps/api/src", file)],
    { cwd: dir, encoding: "utf8" },
  );
  return { status: result.status, output: result.stderr + result.stdout };
}

afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the API's layers", () => {
  it("pass on the tree as it is", () => {
    const { status, output } = checkLayers(root);
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it("refuse a module that imports one that already imports it (categories → products)", () => {
    const dir = scratchCopy();
    addImport(
      dir,
      "modules/categories/service.ts",
      'export { listProducts } from "#api/modules/products/service";',
    );
    const { status, output } = checkLayers(dir);
    expect(status).toBe(1);
    expect(output).toContain("modules import each other");
    expect(output).toContain("modules/categories/service.ts");
  });

  it("refuse core/ importing a module, in the layer check and in Biome", () => {
    const dir = scratchCopy();
    addImport(dir, "core/errors.ts", 'export { listOrders } from "#api/modules/orders/service";');
    const layers = checkLayers(dir);
    expect(layers.status).toBe(1);
    expect(layers.output).toContain("core (layer 2) may not import service (layer 5)");
    const biomeRun = lint(dir, "core/errors.ts");
    expect(biomeRun.status).not.toBe(0);
    expect(biomeRun.output).toContain("noRestrictedImports");
  });

  it("refuse a service importing http/, and http/ importing a module", () => {
    const dir = scratchCopy();
    addImport(dir, "modules/orders/service.ts", 'export { requireUser } from "#api/http/session";');
    addImport(dir, "http/session.ts", 'export { resolveSession } from "#api/modules/sessions/service";');
    const layers = checkLayers(dir);
    expect(layers.status).toBe(1);
    expect(layers.output).toContain("service (layer 5) may not import http (layer 6)");
    expect(layers.output).toContain("http/ knows no module");
    expect(lint(dir, "modules/orders/service.ts").status).not.toBe(0);
    expect(lint(dir, "http/session.ts").status).not.toBe(0);
  });

  it("count a module's repo-*.ts files as its repo: no route of another module reaches them, and they import no service", () => {
    const dir = scratchCopy();
    addImport(
      dir,
      "modules/orders/routes.ts",
      'export { findProductById } from "#api/modules/products/repo-reads";',
    );
    addImport(dir, "modules/products/repo-writes.ts", 'export { listProducts } from "./service";');
    const { status, output } = checkLayers(dir);
    expect(status).toBe(1);
    expect(output).toContain("routes reach another module through its service, never its repo");
    expect(output).toContain("modules/products/repo-writes.ts");
    expect(output).toContain("repo (layer 4) may not import service (layer 5)");
  });

  it("refuse db/ importing a module through a relative path", () => {
    const dir = scratchCopy();
    addImport(dir, "db/errors.ts", 'export { listUsers } from "../modules/users/repo";');
    expect(checkLayers(dir).status).toBe(1);
    expect(lint(dir, "db/errors.ts").status).not.toBe(0);
  });
});
