import { D } from "@pulsemanager/core";

export interface DayChange {
  /** USD, exact. */
  absolute: string;
  /** Percent with 2 decimals; null when yesterday's value was 0. */
  percent: string | null;
}

/**
 * The total's change against the last stored day before `today` (the portfolio keeps one snapshot a
 * day): null when there is none yet.
 */
export function dayChange(
  totalUsd: string,
  snapshots: readonly { day: string; totalValue: string }[],
  today: string,
): DayChange | null {
  const before = snapshots.filter((s) => s.day < today).sort((a, b) => (a.day < b.day ? 1 : -1))[0];
  if (!before) return null;
  const previous = new D(before.totalValue);
  const change = new D(totalUsd).sub(previous);
  return {
    absolute: change.toFixed(2, D.ROUND_HALF_UP),
    percent: previous.isZero() ? null : change.div(previous).mul(100).toFixed(2, D.ROUND_HALF_UP),
  };
}
