import { tokenKey, type WatchlistResponse } from "@pulsemanager/core";

type WatchedToken = WatchlistResponse["tokens"][number];
interface TokenRef {
  chainId: number;
  address: string;
}

/** The (chainId, address) keys on the watchlist. */
export function watchedKeys(list: WatchlistResponse | undefined): Set<string> {
  return new Set((list?.tokens ?? []).map((t) => tokenKey(t.chainId, t.address)));
}

export function isWatched(list: WatchlistResponse | undefined, ref: TokenRef): boolean {
  return watchedKeys(list).has(tokenKey(ref.chainId, ref.address));
}

/**
 * The list as it will be after the star was clicked, shown at once (optimistic): a watched token
 * leaves it, another joins it at the end. The server's answer replaces it.
 */
export function toggledWatchlist(
  list: WatchlistResponse | undefined,
  token: Omit<WatchedToken, "addedAt">,
  now: Date,
): WatchlistResponse {
  const current = list ?? { tokens: [], asOf: null };
  const key = tokenKey(token.chainId, token.address);
  if (current.tokens.some((t) => tokenKey(t.chainId, t.address) === key)) {
    return { ...current, tokens: current.tokens.filter((t) => tokenKey(t.chainId, t.address) !== key) };
  }
  return { ...current, tokens: [...current.tokens, { ...token, addedAt: now.toISOString() }] };
}
