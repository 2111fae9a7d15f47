// The React check of `npm run check` (scripts/check-react.mjs): it passes on the tree's node_modules
// and fails on a fake one, where `react` is another package installed under its name (an npm alias)
// or React at another major version.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("check-react.mjs", import.meta.url));
const scratches: string[] = [];

afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder whose node_modules holds `react` and `react-dom` with these package.json fields. */
function fakeInstall(packages: Record<"react" | "react-dom", { name: string; version: string }>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-react-"));
  scratches.push(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "web", private: true }));
  for (const [folder, fields] of Object.entries(packages)) {
    mkdirSync(path.join(dir, "node_modules", folder), { recursive: true });
    writeFileSync(path.join(dir, "node_modules", folder, "package.json"), JSON.stringify(fields));
  }
  return dir;
}

const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });

describe("check-react", () => {
  it("passes on the web app's node_modules: React and React DOM 19", () => {
    const result = run();
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("React 19: react and react-dom are the real packages.");
  });

  it("fails when `react` and `react-dom` are another package installed under their names", () => {
    const compat = { name: "@preact/compat", version: "18.3.2" };
    const result = run("--from", fakeInstall({ react: compat, "react-dom": compat }));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/react resolves to @preact\/compat@18\.3\.2 .*, not react\n/);
    expect(result.stderr).toMatch(/react-dom resolves to @preact\/compat@18\.3\.2 .*, not react-dom\n/);
  });

  it("fails on React at another major version, and on a missing package", () => {
    const old = fakeInstall({
      react: { name: "react", version: "18.3.1" },
      "react-dom": { name: "react-dom", version: "19.3.1" },
    });
    const result = run("--from", old);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("react is 18.3.1, not 19.x");
    expect(result.stderr).not.toContain("react-dom is");

    rmSync(path.join(old, "node_modules/react-dom"), { recursive: true });
    expect(run("--from", old).stderr).toContain("react-dom is not installed");
  });
});
