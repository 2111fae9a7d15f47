// The JavaScript budget of `npm run check` (scripts/check-budgets.mjs), fed a small made-up build: it counts
// what a first visit loads (the entry, what the entry starts, the route's page, their static imports, each
// file once), prints each route beside its budget and goal, and fails when one is over. And on a real
// build of a scratch copy of the web app whose home page imports a large module: the check fails.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { firstLoadFiles, gzipBytes, unpreloadedFiles } from "./check-budgets.mjs";

const script = fileURLToPath(new URL("check-budgets.mjs", import.meta.url));
const scratches: string[] = [];

afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build like vite's: main.tsx starts runtime and start, which import the home page; pages are lazy. */
const manifest = {
  "index.html": {
    file: "assets/index.js",
    src: "index.html",
    isEntry: true,
    imports: ["_preload.js"],
    dynamicImports: ["_runtime.js", "_start.js"],
    css: ["assets/index.css"],
  },
  "_preload.js": { file: "assets/preload.js" },
  "_runtime.js": { file: "assets/runtime.js", isDynamicEntry: true },
  "_start.js": {
    file: "assets/start.js",
    isDynamicEntry: true,
    imports: ["_runtime.js", "index.html"],
    dynamicImports: ["src/product-page.tsx", "src/dashboard.tsx"],
  },
  "src/product-page.tsx": {
    file: "assets/product-page.js",
    src: "src/product-page.tsx",
    isDynamicEntry: true,
    imports: ["_start.js", "_field.js", "index.html"],
    dynamicImports: ["src/review-form.tsx"],
  },
  "_field.js": { file: "assets/field.js", imports: ["_start.js"] },
  "src/review-form.tsx": { file: "assets/review-form.js", isDynamicEntry: true, imports: ["_field.js"] },
  "src/dashboard.tsx": { file: "assets/dashboard.js", isDynamicEntry: true, imports: ["_start.js"] },
  "index.css": { file: "assets/index.css", src: "index.css" },
};

/** Bytes of each file: random, so that gzip cannot shrink them much. */
const SIZES: Record<string, number> = {
  "assets/index.js": 2_000,
  "assets/preload.js": 1_000,
  "assets/runtime.js": 60_000,
  "assets/start.js": 30_000,
  "assets/product-page.js": 12_000,
  "assets/field.js": 3_000,
  "assets/review-form.js": 40_000,
  "assets/dashboard.js": 90_000,
  "assets/index.css": 50_000,
};

/** The made-up build in a tmp dir, and budgets for it; returns the two files' paths and each file's weight. */
function scratchBuild(budgets: { home: number; product: number }) {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-budgets-"));
  scratches.push(dir);
  mkdirSync(path.join(dir, "dist/.vite"), { recursive: true });
  mkdirSync(path.join(dir, "dist/assets"), { recursive: true });
  const gzip = new Map<string, number>();
  for (const [file, bytes] of Object.entries(SIZES)) {
    const body = randomBytes(bytes);
    writeFileSync(path.join(dir, "dist", file), body);
    gzip.set(file, gzipBytes(body));
  }
  const manifestFile = path.join(dir, "dist/.vite/manifest.json");
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const budgetsFile = path.join(dir, "budgets.json");
  writeFileSync(
    budgetsFile,
    JSON.stringify({
      routes: [
        { name: "home", path: "/", modules: [], budgetKb: budgets.home, goalKb: 60 },
        {
          name: "product",
          path: "/product/:productId",
          modules: ["src/product-page.tsx"],
          budgetKb: budgets.product,
          goalKb: 85,
        },
      ],
    }),
  );
  return { manifestFile, budgetsFile, gzip };
}

function run(manifestFile: string, budgetsFile: string) {
  return spawnSync(process.execPath, [script, "--manifest", manifestFile, "--budgets", budgetsFile], {
    encoding: "utf8",
  });
}

const HOME = ["assets/index.js", "assets/preload.js", "assets/runtime.js", "assets/start.js"];
const PRODUCT = [...HOME, "assets/product-page.js", "assets/field.js"];
const kb = (gzip: Map<string, number>, files: string[]) =>
  (files.reduce((sum, file) => sum + (gzip.get(file) ?? 0), 0) / 1024).toFixed(1);

describe("check-budgets", () => {
  it("counts the entry, what it starts, the route's page and their static imports, once each", () => {
    expect(firstLoadFiles(manifest, []).sort()).toEqual([...HOME].sort());
    // Not the page's own lazy parts (the review form), not other pages, not the stylesheet.
    expect(firstLoadFiles(manifest, ["src/product-page.tsx"]).sort()).toEqual([...PRODUCT].sort());
    expect(() => firstLoadFiles(manifest, ["src/moved-page.tsx"])).toThrow(
      /no chunk for src\/moved-page\.tsx/,
    );
  });

  it("finds the files of a page's first load that the build's page list would leave the server not preloading", () => {
    const budgets = {
      routes: [
        { name: "home", path: "/", modules: [], budgetKb: 100, goalKb: 60 },
        { name: "product", path: "/p/:id", modules: ["src/product-page.tsx"], budgetKb: 100, goalKb: 85 },
      ],
    };
    expect(
      unpreloadedFiles(manifest, budgets, { product: ["assets/product-page.js", "assets/field.js"] }),
    ).toEqual([]);
    expect(unpreloadedFiles(manifest, budgets, { product: ["assets/product-page.js"] })).toEqual([
      "product: assets/field.js",
    ]);
  });

  it("fails when the build's page list leaves out a file of a page's first load", () => {
    const { manifestFile, budgetsFile } = scratchBuild({ home: 100, product: 120 });
    const pageCode = path.join(path.dirname(manifestFile), "page-code.json");
    writeFileSync(pageCode, JSON.stringify({ product: ["assets/product-page.js", "assets/field.js"] }));
    expect(run(manifestFile, budgetsFile).status).toBe(0);
    writeFileSync(pageCode, JSON.stringify({ product: ["assets/field.js"] }));
    const result = run(manifestFile, budgetsFile);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("would then not preload with it: product: assets/product-page.js.");
  });

  it("prints each route's size beside its budget and goal, and passes when all are within", () => {
    const { manifestFile, budgetsFile, gzip } = scratchBuild({ home: 100, product: 120 });
    const result = run(manifestFile, budgetsFile);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/gzip level 9, KB of 1024 bytes/);
    expect(lines[1]).toMatch(
      new RegExp(`home\\s+/\\s+${kb(gzip, HOME)} KB\\s+budget 100 KB\\s+goal\\s+60 KB\\s+4 files$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `product\\s+/product/:productId\\s+${kb(gzip, PRODUCT)} KB\\s+budget 120 KB\\s+goal\\s+85 KB\\s+6 files$`,
      ),
    );
  });

  it("fails naming the route over its budget", () => {
    // The product page's first load is about 106 KB of random bytes; the home page's about 91 KB.
    const { manifestFile, budgetsFile, gzip } = scratchBuild({ home: 100, product: 100 });
    const result = run(manifestFile, budgetsFile);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/home .* budget 100 KB .* 4 files\n/);
    expect(result.stdout).toMatch(/product .* budget 100 KB .* 6 files {2}✖ OVER BUDGET\n/);
    expect(result.stderr).toContain(`✖ over budget: product ${kb(gzip, PRODUCT)} KB > 100 KB.`);
    expect(result.stderr).not.toContain("home");
  });

  it("fails when the build has no manifest, or no chunk for a route's page", () => {
    const { manifestFile, budgetsFile } = scratchBuild({ home: 100, product: 120 });
    const missing = run(path.join(path.dirname(manifestFile), "none.json"), budgetsFile);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/none\.json is missing: build the web app first/);

    writeFileSync(manifestFile, JSON.stringify({ ...manifest, "src/product-page.tsx": undefined }));
    const moved = run(manifestFile, budgetsFile);
    expect(moved.status).toBe(1);
    expect(moved.stderr).toMatch(/no chunk for src\/product-page\.tsx: was the page moved or renamed\?/);
  });
});

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * A copy of the web app (its sources, build config and budgets) in a tmp dir, beside a link to the
 * tree's node_modules, where the home page can be changed without touching the tree.
 */
function scratchWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-budgets-web-"));
  scratches.push(dir);
  const web = path.join(dir, "apps/web");
  for (const part of [
    "src",
    "public",
    "index.html",
    "vite.config.ts",
    "package.json",
    "tsconfig.json",
    "budgets.json",
  ]) {
    cpSync(path.join(root, "apps/web", part), path.join(web, part), { recursive: true });
  }
  cpSync(path.join(root, "tsconfig.base.json"), path.join(dir, "tsconfig.base.json"));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return web;
}

describe("check-budgets on a build of the web app", () => {
  it("fails when the home page imports a large module", { timeout: 180_000 }, () => {
    const web = scratchWebApp();
    // About 40 KB gzip that the home page needs at once: random text gzip cannot shrink.
    writeFileSync(
      path.join(web, "src/features/storefront/large-module.ts"),
      `export const LARGE = ${JSON.stringify(randomBytes(30_000).toString("base64"))};\n`,
    );
    const home = path.join(web, "src/features/storefront/home-page.tsx");
    writeFileSync(
      home,
      `import { LARGE } from "./large-module";\n${readFileSync(home, "utf8")}\n(globalThis as { large?: string }).large = LARGE;\n`,
    );
    const vite = path.join(root, "node_modules/vite/bin/vite.js");
    const build = spawnSync(process.execPath, [vite, "build", "--logLevel", "error"], {
      cwd: web,
      encoding: "utf8",
    });
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);

    const result = run(path.join(web, "dist/.vite/manifest.json"), path.join(web, "budgets.json"));
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/home .* budget +\d+ KB .*✖ OVER BUDGET\n/);
    expect(result.stderr).toMatch(/✖ over budget: home \d+\.\d KB > \d+ KB/);
    // The build lists each storefront page's own code, every file of it, for the server to preload.
    const pageCode = JSON.parse(readFileSync(path.join(web, "dist/.vite/page-code.json"), "utf8"));
    expect(Object.keys(pageCode).sort()).toEqual(["category", "product", "search"]);
    expect(pageCode.product).toContainEqual(expect.stringMatching(/^assets\/product-page-[\w-]+\.js$/));
    expect(result.stderr).not.toContain("leaves out");
  });
});
