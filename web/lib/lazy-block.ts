import { type ComponentType, type LazyExoticComponent, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: any component props, as React.lazy itself allows.
type AnyComponent = ComponentType<any>;

const blocks: { preload(): Promise<unknown> }[] = [];

/**
 * React.lazy for a block whose code the browser fetches after first paint, which the Worker can load
 * up front: once loaded, the lazy component resolves synchronously (a thenable that calls back at
 * once), so the server render never suspends on it and the page's HTML holds the block in place
 * rather than a fallback swapped in later by an inline script (blocked by our CSP).
 */
export function lazyBlock<T extends AnyComponent>(load: () => Promise<T>): LazyExoticComponent<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  blocks.push({ preload });
  return lazy(() => {
    if (loaded) {
      const component = loaded;
      // biome-ignore lint/suspicious/noThenProperty: a thenable that settles at once is the point.
      const settled = { then: (resolve: (module: { default: T }) => void) => resolve({ default: component }) };
      return settled as unknown as Promise<{ default: T }>;
    }
    return preload().then((component) => ({ default: component }));
  });
}

/** Loads every lazy block defined so far, and those their modules define, until none is left. */
export async function preloadLazyBlocks(): Promise<void> {
  let done = 0;
  while (done < blocks.length) {
    const batch = blocks.slice(done);
    done = blocks.length;
    await Promise.all(batch.map((block) => block.preload()));
  }
}
