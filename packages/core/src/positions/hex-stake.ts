import type { HexStakeState } from "./positions-api.ts";

/** One entry of HEX's stakeLists(address, index). */
export interface HexStakeEntry {
  stakeId: bigint;
  stakedHearts: bigint;
  stakeShares: bigint;
  lockedDay: number;
  stakedDays: number;
  unlockedDay: number;
}

/** dailyDataRange(beginDay, endDay)'s packed words, starting at beginDay. */
export interface HexDailyData {
  beginDay: number;
  words: readonly bigint[];
}

/**
 * HEX ends a stake without a late penalty up to and including this many days after its end day
 * (`unlockedDay <= end + 14` costs nothing; docs/research/chain-facts.md, section 3).
 */
export const HEX_LATE_GRACE_DAYS = 14;
export const HEARTS_PER_HEX = 8;

export const HEX_YIELD_METHOD =
  "shares x (day payout / day total shares), summed over each day served (HEX's own daily data); days the contract has not stored yet at the last stored day's rate; BigPayDay and penalties not included";

const MASK_72 = (1n << 72n) - 1n;

export function unpackDailyData(word: bigint): { payout: bigint; sharesTotal: bigint } {
  return { payout: word & MASK_72, sharesTotal: (word >> 72n) & MASK_72 };
}

export function hexStakeState(
  s: HexStakeEntry,
  currentDay: number,
): { state: HexStakeState; endDay: number; daysLeft: number } {
  const endDay = s.lockedDay + s.stakedDays;
  const daysLeft = Math.max(0, endDay - currentDay);
  if (currentDay < s.lockedDay) return { state: "pending", endDay, daysLeft };
  if (currentDay < endDay) return { state: "active", endDay, daysLeft };
  if (currentDay <= endDay + HEX_LATE_GRACE_DAYS) return { state: "due", endDay, daysLeft };
  return { state: "late", endDay, daysLeft };
}

/**
 * Hearts earned on the days served so far (HEX's _calcPayoutRewards): for each day from lockedDay
 * up to min(due day, current day), floor(day payout x shares / day total shares). Days not stored
 * yet are counted at the last stored day's rate.
 */
export function hexStakeYield(s: HexStakeEntry, currentDay: number, daily: HexDailyData): bigint {
  const endDay = s.lockedDay + s.stakedDays;
  const until = s.unlockedDay !== 0 ? endDay : Math.min(endDay, currentDay);
  const lastWord = daily.words[daily.words.length - 1];
  const lastStored = lastWord === undefined ? undefined : unpackDailyData(lastWord);
  let total = 0n;
  for (let day = s.lockedDay; day < until; day++) {
    const word = day >= daily.beginDay ? daily.words[day - daily.beginDay] : undefined;
    const d = word === undefined ? lastStored : unpackDailyData(word);
    if (d && d.sharesTotal > 0n) total += (d.payout * s.stakeShares) / d.sharesTotal;
  }
  return total;
}

/** HEX's day 0 (2019-12-03 UTC), the same on both chains. */
export const HEX_LAUNCH_SECONDS = 1575331200;

/** The UTC date (YYYY-MM-DD) a HEX day starts on. */
export function hexDayDate(day: number): string {
  return new Date((HEX_LAUNCH_SECONDS + day * 86400) * 1000).toISOString().slice(0, 10);
}
