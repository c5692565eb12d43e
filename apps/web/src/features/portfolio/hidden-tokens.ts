import { useCallback, useEffect, useMemo, useState } from "react";

/** Tokens are hidden per contract address, per user, in the browser. */
export function hiddenTokensStorageKey(userId: string): string {
  return `hiddenTokens_${userId}`;
}

/** The id a hidden token is stored under: `${chainId}:${contractAddress}` (lower-case). */
export function hiddenTokenId(token: { chainId: number; contractAddress: string }): string {
  return `${token.chainId}:${token.contractAddress.toLowerCase()}`;
}

/** Reads the stored list; anything unreadable counts as "nothing hidden". */
export function parseHiddenTokens(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((v): v is string => typeof v === "string" && /^\d+:.+$/.test(v)))];
  } catch {
    return [];
  }
}

export function addHiddenToken(list: readonly string[], id: string): string[] {
  return list.includes(id) ? [...list] : [...list, id];
}

export function readHiddenTokens(storage: Pick<Storage, "getItem">, userId: string): string[] {
  try {
    return parseHiddenTokens(storage.getItem(hiddenTokensStorageKey(userId)));
  } catch {
    return [];
  }
}

export function writeHiddenTokens(storage: Pick<Storage, "setItem" | "removeItem">, userId: string, list: string[]) {
  try {
    if (list.length === 0) storage.removeItem(hiddenTokensStorageKey(userId));
    else storage.setItem(hiddenTokensStorageKey(userId), JSON.stringify(list));
  } catch {
    /* private mode: hidden for this page view only */
  }
}

export function useHiddenTokens(userId: string | undefined) {
  const [hidden, setHidden] = useState<string[]>([]);
  useEffect(() => {
    setHidden(userId ? readHiddenTokens(localStorage, userId) : []);
  }, [userId]);

  const update = useCallback(
    (next: string[]) => {
      setHidden(next);
      if (userId) writeHiddenTokens(localStorage, userId, next);
    },
    [userId],
  );
  const hide = useCallback((id: string) => update(addHiddenToken(hidden, id)), [hidden, update]);
  const showAll = useCallback(() => update([]), [update]);
  const set = useMemo(() => new Set(hidden), [hidden]);
  return { hidden: set, hiddenCount: hidden.length, hide, showAll };
}
