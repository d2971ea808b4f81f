// A message catalogue imported with `?lingui` is compiled at build time (vite.message-catalogs.ts): its
// messages are Lingui's compiled form, so no message parser ships to the browser or the Worker.
declare module "*.json?lingui" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}
