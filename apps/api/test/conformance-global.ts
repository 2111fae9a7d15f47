/**
 * The run's end of the conformance check (test/conformance.ts): every operation of the API document
 * must have been answered at least once by the suite. Enforced when API_CONFORMANCE_COVERAGE=1 (the
 * README's test command sets it), since a run of a few files exercises only some operations.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { ExercisedRecord } from "./conformance";

declare module "vitest" {
  export interface ProvidedContext {
    conformanceFolder: string;
  }
}

export default function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "shop-api-conformance-"));
  project.provide("conformanceFolder", folder);
  return () => {
    const all = new Set<string>();
    const exercised = new Set<string>();
    for (const name of readdirSync(folder)) {
      const record = JSON.parse(readFileSync(path.join(folder, name), "utf8")) as ExercisedRecord;
      for (const key of record.all) all.add(key);
      for (const key of record.exercised) exercised.add(key);
    }
    rmSync(folder, { recursive: true, force: true });
    const missing = [...all].filter((key) => !exercised.has(key)).sort();
    console.log(
      `[${project.name}] API document conformance: ${exercised.size} of ${all.size} operations answered, every reply checked.`,
    );
    if (process.env.API_CONFORMANCE_COVERAGE === "1" && missing.length > 0)
      throw new Error(`Operations the API suite never called:\n  ${missing.join("\n  ")}`);
  };
}
