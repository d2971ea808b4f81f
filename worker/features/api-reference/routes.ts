import { html } from "hono/html";
import { API_REFERENCE_SCRIPT } from "#contract/platform/api-reference";
import { createRouter } from "../../platform/hono";

/**
 * The renderer's settings (decision 278): nothing leaves our origin. No telemetry, no web fonts from Scalar's host,
 * no AI agent (it calls Scalar's service); the CSP's connect-src 'self' enforces it whatever a version defaults to.
 * "Test request" stays: it calls this API, on this origin.
 */
/**
 * Scalar's light theme with its greys and method colours darkened to 4.5:1 on its backgrounds (WCAG AA; axe found
 * #8e8e8e and #00935d at 3.2–3.6). One tested theme: the dark toggle is hidden.
 */
const READABLE_COLOURS = `.light-mode:not(.dark-mode) {
  --scalar-color-2: #595959; --scalar-color-3: #636363; --scalar-color-accent: #005fa3;
  --scalar-color-green: #006b45; --scalar-color-red: #b80009; --scalar-color-yellow: #7a5f00;
  --scalar-color-blue: #005a94; --scalar-color-orange: #a83a00; --scalar-color-purple: #5203d1;
  --scalar-color-query: #006266;
}`;

const CONFIGURATION = JSON.stringify({
  telemetry: false,
  withDefaultFonts: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
  customCss: READABLE_COLOURS,
  metaData: { title: "Earthkind API reference" },
});

/**
 * /developers/api: the public API reference (issue 47), the public view of /api/openapi.json rendered by Scalar
 * from our origin. The page is a shell: Scalar reads the `#api-reference` element's attributes and draws the
 * reference, whose heading is the document's title; without script, a link to the document itself.
 */
export const apiReferenceRoutes = createRouter().get("/", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Earthkind API reference</title>
    <meta name="description" content="Read Earthkind's events, actions and petitions from your own site or tool: every public operation of the JSON API, with examples." />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <noscript>
      <h1>Earthkind API reference</h1>
      <p>The reference needs JavaScript. The OpenAPI document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
    </noscript>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration="${CONFIGURATION}"></script>
    <script src="${API_REFERENCE_SCRIPT}"></script>
  </body>
</html>`);
});
