/**
 * JSON for inside a `<script type="application/json">`: `<` never appears raw, so the state cannot close
 * its <script> or open a comment. Used by the server renderer (web/ssr) and the empty shell alike.
 */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
