// Apart from schemas.ts so the About page's privacy section does not load zod (decision 143).

/**
 * How long audit rows and reviewed event submissions are kept. Long enough to investigate an
 * incident reported weeks later; short enough that organizer emails and IPs are not kept forever.
 */
export const RETENTION_DAYS = 90;
