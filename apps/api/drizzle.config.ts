import { defineConfig } from "drizzle-kit";

// Generates the SQL migrations (`npm run db:generate`); the server applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
  casing: "snake_case",
  strict: true,
  verbose: true,
});
