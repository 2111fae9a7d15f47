#!/usr/bin/env node
// `node scripts/check-docs.mjs`: the specification, design and style guide live in docs/ so that the
// repository stands alone. Where the folder they were first written in sits beside the repository
// (../shared/SPEC.md, DESIGN.md, STYLE.md), each copy in docs/ must hold exactly the same text;
// a differing copy fails with the file's name. Without that folder there is nothing to compare
// and the check passes silently.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const COPIES = [
  ["SPEC.md", "docs/spec.md"],
  ["DESIGN.md", "docs/design.md"],
  ["STYLE.md", "docs/style.md"],
];

const root = new URL("..", import.meta.url);
const upstream = new URL("../shared/", root);
let differing = 0;

for (const [name, copy] of COPIES) {
  const source = new URL(name, upstream);
  if (!existsSync(source)) continue;
  const target = new URL(copy, root);
  const same = existsSync(target) && readFileSync(source).equals(readFileSync(target));
  if (!same) {
    differing += 1;
    console.error(`${copy} differs from ${fileURLToPath(source)}: the two must hold the same text.`);
  }
}

if (differing > 0) process.exit(1);
