// A message catalogue (a folder of JSON files) imported with `?lingui` arrives merged and compiled at build time
// (vite.message-catalogs.ts): Lingui's compiled form, so no message parser ships to the browser or the Worker.
declare module "*?lingui" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}
