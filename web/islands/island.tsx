import { type ComponentType, createContext, useContext, useId } from "react";
import { SiteContext } from "../lib/site";
import type { IslandName } from "./registry";

/**
 * When an island hydrates (decision 205): "visible" once the page is idle and the island is on screen (or
 * first used, if sooner); "use" only when first used (pointer, focus, key, click or submit inside it);
 * "located" (the events search without a ZIP in its address) when the page learns where the visitor is without
 * being asked in the form: a saved ZIP, or the browser's position (spec §4) — else when first used.
 */
export type HydrateWhen = "visible" | "use" | "located";

/**
 * For an island that shows something of the visitor's session (a recorded action, My Progress): on a page
 * rendered signed out there is nothing to show until it is used; for a member it hydrates when seen.
 */
export function useSessionHydrate(): HydrateWhen {
  return useContext(SiteContext).signedIn === false ? "use" : "visible";
}

/** An island the server rendered into the page: rendered again on its own (see render-page.tsx). */
export type CollectedIsland = { name: IslandName; component: ComponentType<object>; props: object };

/**
 * Set only while the Worker renders an island page: each `Island` then leaves a slot that the renderer
 * fills with the island rendered as its own React root, the same tree the browser hydrates. Elsewhere
 * (the single-page app, and the pages it hydrates whole) an island is just its component.
 */
export class IslandCollector {
  readonly islands: CollectedIsland[] = [];
  private readonly slots = new Map<string, number>();

  /** The slot of the island at this tree position (a render retried after a suspense keeps its slot). */
  add(id: string, island: CollectedIsland): number {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.islands.push(island) - 1;
      this.slots.set(id, slot);
    }
    return slot;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** The element the renderer replaces with the island's own HTML. */
export const slotMarkup = (slot: number) => `<template data-slot="${slot}"></template>`;

/**
 * An interactive part of a server-rendered public page. Its props travel in the page as JSON, so they must be
 * plain data; the component reads the rest (the page's queries, the site, the session) from the providers
 * every island gets (island-providers.tsx).
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrate,
  as,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  hydrate: HydrateWhen;
  /** The island's element where a div may not stand (in a list: "li", in text: "span"). */
  as?: "li" | "span";
}) {
  const collector = useContext(IslandCollectorContext);
  const id = useId();
  const Wrapper = as ?? "div";
  if (!collector) {
    return as ? (
      <Wrapper className="contents">
        <Component {...props} />
      </Wrapper>
    ) : (
      <Component {...props} />
    );
  }
  const slot = collector.add(id, { name, component: Component as ComponentType<object>, props });
  return (
    <Wrapper data-island={name} data-hydrate={hydrate} data-props={JSON.stringify(props)} className="contents">
      <template data-slot={slot} />
    </Wrapper>
  );
}
