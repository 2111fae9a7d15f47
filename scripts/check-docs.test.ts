// The docs check of `npm run check` (scripts/check-docs.mjs) fails on a README over 15 000 characters and
// on a relative link that points nowhere, added to a scratch copy of the documents, and passes on the tree.
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const scratches: string[] = [];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join(dir, name));
}

/**
 * README.md, bench/README.md and docs/ copied, and an empty stand-in for every other file or folder
 * they link to. The copy sits one folder down in its tmp dir, so that `../shared` beside it does not
 * exist and the comparison of the docs copies has nothing to compare.
 */
function scratchCopy(): string {
  const parent = mkdtempSync(path.join(tmpdir(), "shop-docs-"));
  scratches.push(parent);
  const dir = path.join(parent, "repo");
  cpSync(path.join(root, "README.md"), path.join(dir, "README.md"));
  cpSync(path.join(root, "bench/README.md"), path.join(dir, "bench/README.md"));
  cpSync(path.join(root, "docs"), path.join(dir, "docs"), { recursive: true });
  for (const copied of [
    path.join(dir, "README.md"),
    ...markdownFiles(path.join(dir, "bench")),
    ...markdownFiles(path.join(dir, "docs")),
  ]) {
    for (const [, target] of readFileSync(copied, "utf8").matchAll(/\]\(([^)#\s]+)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const inScratch = path.resolve(path.dirname(copied), target);
      const inTree = path.join(root, path.relative(dir, inScratch));
      if (existsSync(inScratch) || !existsSync(inTree) || path.relative(dir, inScratch).startsWith(".."))
        continue;
      if (statSync(inTree).isDirectory()) mkdirSync(inScratch, { recursive: true });
      else {
        mkdirSync(path.dirname(inScratch), { recursive: true });
        writeFileSync(inScratch, "");
      }
    }
  }
  return dir;
}

function checkDocs(dir: string) {
  const result = spawnSync(process.execPath, [path.join(root, "scripts/check-docs.mjs"), dir], {
    encoding: "utf8",
  });
  return { status: result.status, output: result.stderr + result.stdout };
}

afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the docs check", () => {
  it("passes on the tree as it is", () => {
    const { status, output } = checkDocs(root);
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it("passes on a scratch copy of the documents, before anything is added to it", () => {
    const { status, output } = checkDocs(scratchCopy());
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it("refuses a README over 15 000 characters", () => {
    const dir = scratchCopy();
    const readme = path.join(dir, "README.md");
    const length = [...readFileSync(readme, "utf8")].length;
    appendFileSync(readme, `\n${"More about the shop. ".repeat(Math.ceil((15_001 - length) / 21))}\n`);
    const { status, output } = checkDocs(dir);
    expect(status).toBe(1);
    expect(output).toContain("README.md has 15");
    expect(output).toContain("over the limit of 15 000");
  });

  it("refuses a relative link to nowhere in the README and in docs/testing.md, naming file and target", () => {
    const dir = scratchCopy();
    appendFileSync(path.join(dir, "README.md"), "\nShipping zones: [docs/shipping.md](docs/shipping.md).\n");
    appendFileSync(
      path.join(dir, "docs/testing.md"),
      "\nThe journeys' helpers: [support](../e2e/no-such-folder/#helpers).\n",
    );
    const { status, output } = checkDocs(dir);
    expect(status).toBe(1);
    expect(output).toMatch(/README\.md:\d+: the link to docs\/shipping\.md points to no file or folder/);
    expect(output).toMatch(
      /docs\/testing\.md:\d+: the link to \.\.\/e2e\/no-such-folder\/#helpers points to no/,
    );
  });

  it("leaves web addresses, mail, anchors and links shown as code alone", () => {
    const dir = scratchCopy();
    appendFileSync(
      path.join(dir, "docs/testing.md"),
      [
        "",
        "[PayPal](https://developer.paypal.com/docs/api/orders/v2/), [mail](mailto:help@shop.example),",
        "[above](#last-run), and `[a link in code](nowhere.md)`.",
        "",
        "```md",
        "[in a fenced block](nowhere.md)",
        "```",
        "",
      ].join("\n"),
    );
    const { status, output } = checkDocs(dir);
    expect(output).toBe("");
    expect(status).toBe(0);
  });
});
