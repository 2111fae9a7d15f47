import { defineConfig } from "tsup";

// One ESM file per entry; the shared package is bundled in, dependencies stay in node_modules.
export default defineConfig({
  entry: {
    server: "src/server.ts",
    "create-admin": "src/cli/create-admin.ts",
    "reseal-secrets": "src/cli/reseal-secrets.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node22",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  splitting: true,
  noExternal: [/^@shop\//],
});
