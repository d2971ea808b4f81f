/**
 * Title, description and canonical path of an indexable page. Each page declares its own (web/pages, decision
 * 209): the Worker writes them into the HTML it serves (crawlers and link previews that run no JavaScript see
 * them) and the page sets the same values with `usePageMeta`.
 */
export type PageMeta = { title: string; description: string; canonical: string };

const SUFFIX = " · Earthkind";

/** A page's document title: its own title and the site's name. */
export const titled = (title: string) => `${title}${SUFFIX}`;

/** The social preview image every page shares (an action page may use its own image). */
export const SOCIAL_IMAGE_PATH = "/images/social-preview.png";
