import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// One build for both halves: the SPA goes to dist/client (Workers Static Assets) and the Worker
// bundle beside it; `npm run dev` runs the Worker in workerd with hot reload for both.
export default defineConfig({
  plugins: [react(), tailwindcss(), cloudflare({ persistState: { path: ".wrangler/state" } })],
  build: { sourcemap: true },
});
