/**
 * The little an island page's static HTML does without React (decision 205), as the components do it in the
 * single-page app. Only outside islands: inside one, the component's own handlers take over once hydrated.
 */
const outsideIslands = (element: Element) => element.closest("[data-island]") === null;

/** A picture that fails shows its fallback (`data-fallback`), or leaves its box empty when there is none. */
export function imageFallbacks(): void {
  const fallBack = (img: HTMLImageElement) => {
    const fallback = img.dataset.fallback;
    if (fallback && !img.src.endsWith(fallback)) img.src = fallback;
    else img.classList.add("invisible");
  };
  for (const img of document.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
    if (!outsideIslands(img)) continue;
    // A failure before this script ran fires no event now: a broken image is complete with no width.
    if (img.complete && img.naturalWidth === 0 && img.currentSrc) fallBack(img);
    else img.addEventListener("error", () => fallBack(img));
  }
}

/**
 * A card that opens a page of another site (`data-open-link`, a petition): a click anywhere on it, or Enter or
 * Space while it has focus, opens the link in a new tab (spec §2 Quick Wins); its inner link is a link.
 */
export function cardLinks(): void {
  const cardOf = (event: Event) => {
    const card = (event.target as Element).closest<HTMLElement>("[data-open-link]");
    return card && outsideIslands(card) ? card : null;
  };
  const open = (card: HTMLElement) => window.open(card.dataset.openLink, "_blank", "noopener,noreferrer");
  document.addEventListener("click", (event) => {
    const card = cardOf(event);
    if (card && !(event.target as Element).closest("a")) open(card);
  });
  document.addEventListener("keydown", (event) => {
    const card = cardOf(event);
    if (!card || event.target !== card || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault(); // Space would otherwise scroll the page.
    open(card);
  });
}
