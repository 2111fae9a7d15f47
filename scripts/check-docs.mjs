#!/usr/bin/env node
// `node scripts/check-docs.mjs [root]`: keeps the documents a newcomer reads in order, and exits 1 naming
// the file and the problem when one is not.
// - The specification, design, style guide and GST facts live in docs/ so that the repository stands alone. Where
//   the folder they were first written in sits beside the repository (../shared/SPEC.md, DESIGN.md,
//   STYLE.md, GST.md), each copy in docs/ must hold exactly the same text. Without that folder there is nothing
//   to compare and that part passes silently.
// - README.md stays under 15 000 characters: what a newcomer needs first; the rest is one link away.
// - Every relative link of README.md, bench/README.md and docs/**/*.md points to a file or folder that
//   exists (the part after `#` is not checked).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const COPIES = [
  ["SPEC.md", "docs/spec.md"],
  ["DESIGN.md", "docs/design.md"],
  ["STYLE.md", "docs/style.md"],
  ["GST.md", "docs/gst.md"],
];
const README_LIMIT = 15_000;

const rootArg = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
const root = path.resolve(rootArg ?? fileURLToPath(new URL("..", import.meta.url)));
const upstream = path.resolve(root, "../shared");
const problems = [];

/** "docs/testing.md", whatever the platform's separator. */
function shown(file) {
  return path.relative(root, file).split(path.sep).join("/");
}

function checkCopies() {
  for (const [name, copy] of COPIES) {
    const source = path.join(upstream, name);
    if (!existsSync(source)) continue;
    const target = path.join(root, copy);
    const same = existsSync(target) && readFileSync(source).equals(readFileSync(target));
    if (!same) problems.push(`${copy} differs from ${source}: the two must hold the same text.`);
  }
}

function checkReadmeLength() {
  const readme = path.join(root, "README.md");
  if (!existsSync(readme)) {
    problems.push("README.md is missing.");
    return;
  }
  // Characters as a reader counts them (code points), not bytes or UTF-16 units.
  const length = [...readFileSync(readme, "utf8")].length;
  if (length > README_LIMIT) {
    problems.push(
      `README.md has ${length} characters, over the limit of 15 000: move the detail to docs/ or ` +
        "bench/README.md and link to it.",
    );
  }
}

function markdownFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) markdownFiles(full, out);
    else if (name.endsWith(".md")) out.push(full);
  }
  return out;
}

/** The text with fenced blocks and code spans blanked (same length, same lines): a link shown as code is no link. */
function withoutCode(text) {
  const blank = (match) => match.replace(/[^\n]/g, " ");
  return text
    .replace(/^[ \t]*(```+|~~~+)[^\n]*\n[\s\S]*?(?:^[ \t]*\1[^\n]*$|(?![\s\S]))/gm, blank)
    .replace(/`[^`\n]*`/g, blank);
}

/** Every inline link `[text](target)` or `![alt](target)` with its line, target without `<>` or a title. */
function links(text) {
  const found = [];
  const prose = withoutCode(text);
  for (const match of prose.matchAll(/\]\(\s*(<[^>\n]*>|[^)\s]+)[^)\n]*\)/g)) {
    const target = match[1].replace(/^<|>$/g, "");
    const line = prose.slice(0, match.index).split("\n").length;
    found.push({ target, line });
  }
  return found;
}

function isRelative(target) {
  // http:, https:, mailto: and any other scheme (a Windows drive letter is not one we write), or `#anchor`.
  return target !== "" && !target.startsWith("#") && !/^[a-z][a-z0-9+.-]*:/i.test(target);
}

function checkLinks() {
  const files = [
    path.join(root, "README.md"),
    path.join(root, "bench/README.md"),
    ...markdownFiles(path.join(root, "docs")),
  ].filter((file) => existsSync(file));
  for (const file of files) {
    for (const { target, line } of links(readFileSync(file, "utf8"))) {
      if (!isRelative(target)) continue;
      let linked = target.replace(/[#?].*$/, "");
      try {
        linked = decodeURIComponent(linked);
      } catch {
        // Left as written: a stray % is then looked for as it stands.
      }
      const resolved = linked.startsWith("/")
        ? path.join(root, linked)
        : path.resolve(path.dirname(file), linked);
      if (!existsSync(resolved)) {
        problems.push(`${shown(file)}:${line}: the link to ${target} points to no file or folder.`);
      }
    }
  }
}

checkCopies();
checkReadmeLength();
checkLinks();

for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
