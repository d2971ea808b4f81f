import type { ComponentType } from "react";
import { localeOfPath } from "#contract/i18n/locales";
import { CARRIED_TOAST_KEY } from "../components/ui/carried-toast-key";
import { loadSavedZip } from "../features/events/saved-zip";
import { loadSiteMessages } from "../lib/i18n-load";
import { replayFields, snapshotFields } from "./field-replay";
import { ISLANDS, isIslandName } from "./registry";
import { cardLinks, imageFallbacks } from "./static-behaviours";

/**
 * The browser side of an island page (decision 205), loaded by web/boot.ts after the first paint. No React
 * here: the page is the server's HTML, and each island's code (React, its component) is fetched only when it
 * is first used or, for a "visible" island, once the page is idle and the island is on screen. A click or a
 * submit that comes first is held, and happens again once the island has hydrated; a link still navigates
 * at once.
 */

/** Events that mean the visitor has started using an island. */
const USE_EVENTS = ["pointerdown", "focusin", "keydown", "input"] as const;
/** Clicks that do what they do before hydration, rather than wait for it. */
const LET_THROUGH = 'a[href], label, input[type="checkbox"], input[type="radio"]';
/** Events that mean they are about to: fetch the code, without hydrating yet. */
const INTENT_EVENTS = ["pointerenter", "touchstart"] as const;

function whenIdle(run: () => void) {
  const idle = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * An island is `display: contents` (it has no box of its own): its children say whether it is on screen. One that
 * rendered nothing (an action's count of members, at zero) is on screen when the element around it is: observing no
 * child, it would never hydrate, and never show the count the visitor's own completion starts.
 */
function whenVisible(island: HTMLElement, run: () => void) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "200px" },
  );
  const targets = island.children.length > 0 ? [...island.children] : [island.parentElement ?? island];
  for (const target of targets) observer.observe(target);
}

/**
 * The events search without a ZIP in its address asks for the visitor's place on arrival: with a saved ZIP it
 * hydrates when seen; else it asks the browser for the position first (the island asks again once hydrated,
 * answered from the browser's cache), and hydrates only if there is one. Refused: nothing to do until used.
 */
function whenLocated(island: HTMLElement, run: () => void) {
  if (loadSavedZip()) return whenIdle(() => whenVisible(island, run));
  if (!("geolocation" in navigator)) return;
  navigator.geolocation.getCurrentPosition(run, () => {}, { maximumAge: 10 * 60_000, timeout: 10_000 });
}

function replay(event: Event) {
  const target = event.target as Element;
  if (!target.isConnected) return;
  if (event.type === "submit" && target instanceof HTMLFormElement) {
    target.requestSubmit((event as SubmitEvent).submitter ?? undefined);
    return;
  }
  // Dispatched where it landed (an icon inside a button, say): it bubbles and activates as the first did.
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
}

function arm(island: HTMLElement) {
  const name = island.dataset.island ?? "";
  if (!isIslandName(name)) {
    console.error(`unknown island "${name}"`);
    return;
  }
  // Its props are the ones the server rendered it with (data-props), so any component's own props type fits.
  const load = ISLANDS[name] as () => Promise<ComponentType<object>>;
  let held: Event | null = null;
  let started: Promise<void> | null = null;

  const hydrate = () => {
    started ??= (async () => {
      // The page language's messages are fetched beside the island's code, not after it (decision 270).
      const [{ hydrateIsland, pageState }, component] = await Promise.all([
        import("./hydrate-island"),
        load(),
        loadSiteMessages(localeOfPath(window.location.pathname)),
      ]);
      const props = JSON.parse(island.dataset.props ?? "{}") as object;
      // The page's state (its messages) is ready before the fields are read: nothing typed after this is lost.
      await pageState();
      const typed = snapshotFields(island);
      await hydrateIsland(island, component, props);
      island.dataset.hydrated = "true";
      island.removeEventListener("click", hold, true);
      island.removeEventListener("submit", hold, true);
      for (const type of USE_EVENTS) island.removeEventListener(type, start, true);
      replayFields(typed);
      if (held) replay(held);
    })().catch((error: unknown) => {
      // Its code did not arrive (a dropped connection): the next use tries again.
      started = null;
      console.error(`island "${name}" failed to hydrate`, error);
    });
    return started;
  };

  function hold(event: Event) {
    if (island.dataset.hydrated) return;
    // A link navigates at once; a checkbox, a radio or their label toggles as usual, and the toggle is entered
    // again once the island has hydrated (field-replay.ts), like typed text.
    if (event.type === "click" && (event.target as Element).closest(LET_THROUGH)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event;
    void hydrate();
  }

  island.addEventListener("click", hold, true);
  island.addEventListener("submit", hold, true);
  const start = () => void hydrate();
  for (const type of USE_EVENTS) island.addEventListener(type, start, { passive: true, capture: true });
  const prefetch = () => void Promise.all([import("./hydrate-island"), load()]);
  for (const type of INTENT_EVENTS) island.addEventListener(type, prefetch, { once: true, passive: true });
  if (island.dataset.hydrate === "visible") whenIdle(() => whenVisible(island, start));
  if (island.dataset.hydrate === "located") whenLocated(island, start);
}

/** Home's header is transparent over the hero until the page has scrolled past its threshold (spec §9). */
function followScroll() {
  const header = document.querySelector<HTMLElement>("header[data-solid-after]");
  if (!header) return;
  const threshold = Number(header.dataset.solidAfter);
  const update = () => {
    header.dataset.solid = String(window.scrollY > threshold);
  };
  // Read in the next frame, not now: reading scrollY while the module evaluates forces a layout of the whole page
  // (with the web fonts just added, a long task on a busy phone) that the frame does anyway.
  requestAnimationFrame(update);
  window.addEventListener("scroll", update, { passive: true });
}

function carriedToast() {
  try {
    if (window.sessionStorage.getItem(CARRIED_TOAST_KEY)) void import("./hydrate-island").then((m) => m.startToaster());
  } catch {
    // No storage, no carried toast.
  }
}

followScroll();
carriedToast();
imageFallbacks();
cardLinks();
for (const island of document.querySelectorAll<HTMLElement>("[data-island]")) arm(island);
// Clicks are held and replayed from here on: what browser tests wait for before using a page (e2e fixtures).
document.documentElement.dataset.hydrated = "true";
