import { fileURLToPath } from "node:url";

/** The repository root (this file is bench/lib/paths.ts). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Build outputs of the bench itself (ignored by git, like every dist folder). */
export const BENCH_DIST = fileURLToPath(new URL("../dist/", import.meta.url));
