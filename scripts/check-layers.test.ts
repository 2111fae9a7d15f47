// The layer checks of `npm run check` (scripts/check-layers.mjs and Biome's noRestrictedImports
// overrides) fail on a sideways or upward import added to a scratch copy of the API, on a module
// importing another module's repo, on an import circle between files of the API or the web app, and
// on a file of the API, the web app or a package grown past 600 lines; they pass on the tree.
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const biome = path.join(root, "node_modules/.bin/biome");
const scratches: string[] = [];

/**
 * A copy of biome.json, apps/api/src, apps/web/src and packages/shared/src, where an import can be
 * added without touching the tree.
 */
function scratchCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-layers-"));
  scratches.push(dir);
  cpSync(path.join(root, "biome.json"), path.join(dir, "biome.json"));
  cpSync(path.join(root, "apps/api/src"), path.join(dir, "apps/api/src"), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}migrations`),
  });
  for (const tree of ["apps/web/src", "packages/shared/src"])
    cpSync(path.join(root, tree), path.join(dir, tree), { recursive: true });
  return dir;
}

/** Appends a line to a file of the copy, named from the repository's root. */
function append(dir: string, file: string, line: string) {
  appendFileSync(path.join(dir, file), `\n${line}\n`);
}

function addImport(dir: string, file: string, line: string) {
  append(dir, path.join("apps/api/src", file), line);
}

/** Comment lines added to a file of the copy until it has `lines` lines. */
function padTo(dir: string, file: string, lines: number) {
  const full = path.join(dir, file);
  const text = readFileSync(full, "utf8").replace(/([^\n])$/, "$1\n");
  const has = text.split("\n").length - 1;
  writeFileSync(full, `${text}${"// padding\n".repeat(lines - has)}`);
}

/** How many times `part` occurs in `text`. */
function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
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

  it("refuse a module that imports one that already imports it (products → categories)", () => {
    const dir = scratchCopy();
    addImport(
      dir,
      "modules/products/service.ts",
      'export { listCategories } from "#api/modules/categories/service";',
    );
    const { status, output } = checkLayers(dir);
    expect(status).toBe(1);
    expect(output).toContain("modules import each other");
    expect(output).toContain("modules/products/service.ts");
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
    expect(output).toContain(
      'apps/api/src/modules/orders/routes.ts imports "#api/modules/products/repo-reads": a module reaches another through its service, never its repo',
    );
    expect(output).toContain("modules/products/repo-writes.ts");
    expect(output).toContain("repo (layer 4) may not import service (layer 5)");
  });

  it("refuse any file of a module importing another module's repo, repo-*.ts or search.ts, a type too; not seed/", () => {
    const dir = scratchCopy();
    // A service, a repo, a type-only import through a relative path, and the catalogue's search file.
    addImport(dir, "modules/fulfilment/returns.ts", 'export { lockOrder } from "#api/modules/orders/repo";');
    addImport(dir, "modules/users/repo.ts", 'export { forgetUser } from "#api/modules/sessions/repo-cache";');
    addImport(dir, "modules/documents/figures.ts", 'import type { OrderRow } from "../orders/repo";');
    addImport(
      dir,
      "modules/categories/service.ts",
      'export { addSearchWords } from "#api/modules/products/search";',
    );
    // seed/ puts the modules together: it writes the demo's rows with their repos.
    addImport(dir, "seed/demo-orders.ts", 'export { findRefund } from "#api/modules/refunds/repo";');
    const { status, output } = checkLayers(dir);
    expect(status).toBe(1);
    expect(output).toContain("Imports against the layers of apps/api/src (4)");
    for (const [file, spec] of [
      ["modules/fulfilment/returns.ts", "#api/modules/orders/repo"],
      ["modules/users/repo.ts", "#api/modules/sessions/repo-cache"],
      ["modules/documents/figures.ts", "../orders/repo"],
      ["modules/categories/service.ts", "#api/modules/products/search"],
    ])
      expect(output).toContain(
        `apps/api/src/${file} imports "${spec}": a module reaches another through its service, never its repo`,
      );
    expect(output).not.toContain("seed/demo-orders.ts");
  });

  it("refuse db/ importing a module through a relative path", () => {
    const dir = scratchCopy();
    addImport(dir, "db/errors.ts", 'export { listUsers } from "../modules/users/repo";');
    expect(checkLayers(dir).status).toBe(1);
    expect(lint(dir, "db/errors.ts").status).not.toBe(0);
  });
});

describe("import circles between files", () => {
  it("refuse two API files that import each other, naming the chain once", () => {
    const dir = scratchCopy();
    // placement.ts imports service.ts (getOrder, actorOf); service.ts now imports placement.ts back.
    addImport(dir, "modules/orders/service.ts", 'export { placeOrder } from "./placement";');
    const { status, output } = checkLayers(dir);
    expect(status).toBe(1);
    expect(output).toContain("Import circles between files (1)");
    expect(output).toContain(
      [
        "  apps/api/src/modules/orders/placement.ts",
        "    imports apps/api/src/modules/orders/service.ts",
        "    imports apps/api/src/modules/orders/placement.ts",
      ].join("\n"),
    );
    expect(occurrences(output, "imports apps/api/src/modules/orders/placement.ts")).toBe(1);
  });

  it("refuse two web files that import each other, through the #web/ alias too", () => {
    const dir = scratchCopy();
    // The cart store imports lib/stored-state.ts; stored-state.ts now imports the store back.
    append(
      dir,
      "apps/web/src/lib/stored-state.ts",
      'export { CART_STORAGE_KEY } from "#web/lib/cart-store";',
    );
    const { status, output } = checkLayers(dir);
    expect(status).toBe(1);
    expect(output).toContain(
      [
        "  apps/web/src/lib/cart-store.ts",
        "    imports apps/web/src/lib/stored-state.ts",
        "    imports apps/web/src/lib/cart-store.ts",
      ].join("\n"),
    );
  });

  it("refuse a circle made only of type imports: export type, and typeof import()", () => {
    const dir = scratchCopy();
    // The stores' types were moved out of the stores, and out of the schemas' way, to break these circles.
    append(
      dir,
      "apps/web/src/lib/stored-state-types.ts",
      'export type { ProductCheck } from "./cart-store";',
    );
    append(
      dir,
      "apps/web/src/lib/stored-state-types.ts",
      'export type Checks = typeof import("./stored-state-schemas");',
    );
    const { status, output } = checkLayers(dir);
    expect(status).toBe(1);
    expect(output).toContain(
      [
        "  apps/web/src/lib/cart-store.ts",
        "    imports type apps/web/src/lib/stored-state-types.ts",
        "    imports type apps/web/src/lib/cart-store.ts",
      ].join("\n"),
    );
    expect(output).toContain(
      [
        "  apps/web/src/lib/stored-state-schemas.ts",
        "    imports type apps/web/src/lib/stored-state-types.ts",
        "    imports type apps/web/src/lib/stored-state-schemas.ts",
      ].join("\n"),
    );
  });

  it("let a dynamic import() lead back to a file that imports it", () => {
    const baseline = checkLayers(scratchCopy());
    const dir = scratchCopy();
    append(dir, "apps/web/src/lib/stored-state.ts", 'export const loadCart = () => import("./cart-store");');
    addImport(dir, "modules/orders/service.ts", 'export const loadPlacement = () => import("./placement");');
    const { status, output } = checkLayers(dir);
    expect(output).not.toContain("Import circles");
    expect({ status, output }).toEqual(baseline);
  });
});

describe("the length of the API's files", () => {
  it("refuse a file of 601 lines, of the API, the web app or a package, not one of 600 nor the demo catalogue's data", () => {
    const dir = scratchCopy();
    padTo(dir, "apps/api/src/modules/orders/dto.ts", 601);
    padTo(dir, "apps/api/src/modules/orders/export.ts", 600);
    padTo(dir, "apps/web/src/lib/api.ts", 601);
    padTo(dir, "packages/shared/src/messages/api.ts", 601);
    padTo(dir, "apps/web/src/lib/query-keys.ts", 600);
    const { status, output } = checkLayers(dir);
    expect(status).toBe(1);
    expect(output).toContain("Files over 600 lines (3)");
    expect(output).toContain("apps/api/src/modules/orders/dto.ts: 601 lines");
    expect(output).toContain("apps/web/src/lib/api.ts: 601 lines");
    expect(output).toContain("packages/shared/src/messages/api.ts: 601 lines");
    expect(output).not.toContain("modules/orders/export.ts");
    expect(output).not.toContain("query-keys.ts");
    expect(output).not.toContain("seed/demo-catalog-data.ts");
  });
});
