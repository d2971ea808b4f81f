import { defineConfig } from "drizzle-kit";

// Only used to generate migrations from db/schema.ts; wrangler applies them.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./migrations",
});
