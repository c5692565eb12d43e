import { useState } from "react";

/**
 * The first entries of a long list and the means to show more: `shown` are the entries on screen, `rest`
 * how many follow, `next` how many the next `more()` adds (`page` at a time, `first` at the start).
 */
export function usePaged<T>(items: readonly T[], page: number, first = page) {
  const [limit, setLimit] = useState(first);
  const rest = items.length - Math.min(limit, items.length);
  return {
    shown: items.slice(0, limit),
    rest,
    next: Math.min(rest, page),
    more: () => setLimit((l) => l + page),
  };
}
