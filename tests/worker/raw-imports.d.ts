// Vite's `?raw` imports (recorded fixtures read as text in the worker tests).
declare module "*?raw" {
  const content: string;
  export default content;
}
