import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { buildDefine } from "./scripts/build-info.mjs";
import { apiReferenceRenderer } from "./vite.api-reference.ts";
import { clientInput, startAfterFirstPaint } from "./vite.boot.ts";
import { messageCatalogs } from "./vite.message-catalogs.ts";
import { publicStylesheet } from "./vite.public-css.ts";
import { shareCards } from "./vite.share-cards.ts";
import { ssrAlias } from "./vite.ssr.ts";

const COOKIE_STUB = "\0hono-client-cookie-stub";
const REACT_VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]/;

/**
 * Hono's RPC client bundles a cookie serializer for its `cookie` request option. A browser cannot set
 * a Cookie header on fetch, so in the SPA that path is dead weight (~0.8 KB gzip of the public
 * initial load, ARCHITECTURE.md §10); it is replaced by a stub that says why it is missing.
 */
const dropHonoClientCookies = (): Plugin => ({
  name: "drop-hono-client-cookies",
  enforce: "pre",
  resolveId(source, importer) {
    if (source === "../utils/cookie.js" && importer?.replaceAll("\\", "/").includes("/hono/dist/client/")) {
      return COOKIE_STUB;
    }
  },
  load(id) {
    if (id === COOKIE_STUB) {
      return 'export const serialize = () => { throw new Error("The browser cannot send a Cookie header"); };';
    }
  },
});

/**
 * The stylesheet goes into index.html as a <style> element: on a phone's first visit a separate CSS
 * request is one more round trip before anything can paint (about 0.6 s on Lighthouse's slow 4G).
 * 12 KB gzip rides along with the HTML instead; later navigations are client-side and never refetch
 * it (decision 154). The CSP allows inline styles already (Radix positions with style attributes).
 */
const inlineStylesheet = (): Plugin => ({
  name: "inline-stylesheet",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, ctx) {
      return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const asset = ctx.bundle?.[file];
        return asset?.type === "asset" ? `<style>${String(asset.source)}</style>` : tag;
      });
    },
  },
});

// One build for both halves: the SPA goes to dist/client (Workers Static Assets) and the Worker
// bundle beside it; `npm run dev` runs the Worker in workerd with hot reload for both. The Worker
// bundle includes the web app's route tree through "@web/ssr" to render public pages (decision 140).
export default defineConfig({
  plugins: [
    messageCatalogs(),
    dropHonoClientCookies(),
    react(),
    // Before Tailwind: it names the public stylesheet's sources (decision 240).
    publicStylesheet(path.resolve(import.meta.dirname)),
    tailwindcss(),
    cloudflare({ persistState: { path: ".wrangler/state" } }),
    shareCards(),
    apiReferenceRenderer(path.resolve(import.meta.dirname)),
    inlineStylesheet(),
    startAfterFirstPaint(),
  ],
  // web/boot.ts is a second entry of the browser build, beside index.html (vite.boot.ts, decision 175).
  environments: {
    client: {
      build: {
        // No browser source maps: served from /assets/ they would publish the whole source text (issue 44). The
        // Worker's own maps (top-level `sourcemap`) stay in its bundle, uploaded for stack traces by wrangler.toml's
        // upload_source_maps, never served.
        sourcemap: false,
        rolldownOptions: {
          input: clientInput,
          // React, its DOM renderer, the router and the query cache in one chunk: every island and the app's entry
          // need them together, and split into a dozen small files they compressed ~9 KB worse (decision 205).
          output: { codeSplitting: { groups: [{ name: "react-vendor", test: REACT_VENDOR }] } },
        },
      },
    },
  },
  resolve: { alias: ssrAlias(path.resolve(import.meta.dirname)) },
  // Every browser the site supports has modulepreload: the polyfill would ride in the entry.
  build: { sourcemap: true, modulePreload: { polyfill: false } },
  define: buildDefine(),
});
