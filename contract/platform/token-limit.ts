/**
 * What a client past its per-client window on a token-only POST is told (decision 216): the API's 429 message
 * and the "I did it" page's wording of the same refusal. Pure: the web bundle imports it.
 */
export const TOKEN_LIMIT_MESSAGE = "Too many requests from your network. Please wait a minute and try again.";
