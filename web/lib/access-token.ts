/**
 * Returns the current access token. `refresh: true` asks for a new one: the signed-in client passes
 * it after a 401, once, so an access token that expired in flight costs one retry instead of a sign-out.
 */
export type AccessTokenGetter = (options: { refresh: boolean }) => Promise<string | null>;

let getter: AccessTokenGetter = async () => null;

/**
 * Called by the auth provider at start-up. A module of its own so the entry chunk can register the
 * getter without carrying the API client (decision 144).
 */
export function setAccessTokenGetter(next: AccessTokenGetter): void {
  getter = next;
}

export const getAccessToken: AccessTokenGetter = (options) => getter(options);
