/** Where a toast waits for the next page (use-toast.ts); its own module so the island scheduler reads it without React. */
export const CARRIED_TOAST_KEY = "earthkind:toast";
