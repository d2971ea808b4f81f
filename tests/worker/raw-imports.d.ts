// Vite's `?raw` imports (recorded fixtures read as text in the worker tests).
declare module "*?raw" {
  const content: string;
  export default content;
}

// Vite's `import.meta.glob` (the real-world .ics corpus, read as text).
interface ImportMeta {
  glob<T>(pattern: string, options: { query: "?raw"; import: "default"; eager: true }): Record<string, T>;
}
