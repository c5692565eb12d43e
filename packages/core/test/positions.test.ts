import { describe, expect, it } from "vitest";
import { type HexStakeEntry, hexStakeState, hexStakeYield, lpUnderlying, lpValueUsd } from "../src/index.ts";

const pack = (payout: bigint, sharesTotal: bigint) => payout | (sharesTotal << 72n);

describe("liquidity share", () => {
  it("is balance / totalSupply of each reserve, exact", () => {
    const r = lpUnderlying({
      balance: 25n * 10n ** 17n,
      totalSupply: 10n * 10n ** 18n,
      reserve0: 1_000n * 10n ** 18n,
      reserve1: 3_000n * 10n ** 6n,
      decimals0: 18,
      decimals1: 6,
    });
    expect([r.share.toFixed(), r.amount0.toFixed(), r.amount1.toFixed()]).toEqual(["0.25", "250", "750"]);
  });

  it("values both sides; with one price twice that side; with none not at all", () => {
    const [a, b] = [
      lpUnderlying({ balance: 1n, totalSupply: 2n, reserve0: 10n, reserve1: 40n, decimals0: 0, decimals1: 0 }),
    ].map((r) => [r.amount0, r.amount1])[0] as [never, never];
    expect(lpValueUsd(a, b, "2", "0.5").value?.toFixed()).toBe("20");
    expect(lpValueUsd(a, b, "2", null)).toMatchObject({ oneSided: true });
    expect(lpValueUsd(a, b, null, "0.5").value?.toFixed()).toBe("20");
    expect(lpValueUsd(a, b, null, null).value).toBeNull();
  });
});

describe("HEX stakes", () => {
  const stake: HexStakeEntry = {
    stakeId: 7n,
    stakedHearts: 10n ** 12n,
    stakeShares: 1_000n,
    lockedDay: 10,
    stakedDays: 5,
    unlockedDay: 0,
  };

  it("states follow the HEX days: pending, active, due for 14 days, then late", () => {
    expect(hexStakeState(stake, 9)).toEqual({ state: "pending", endDay: 15, daysLeft: 6 });
    expect(hexStakeState(stake, 12)).toEqual({ state: "active", endDay: 15, daysLeft: 3 });
    expect(hexStakeState(stake, 15).state).toBe("due");
    // Day end + 14 is the last day without a late penalty (HEX: unlockedDay <= end + 14 costs nothing).
    expect(hexStakeState(stake, 29).state).toBe("due");
    expect(hexStakeState(stake, 30)).toEqual({ state: "late", endDay: 15, daysLeft: 0 });
  });

  it("yield sums floor(payout x shares / total shares) over the days served, unstored days at the last rate", () => {
    // Days 10, 11 stored: 1,000 of 4,000 shares of 400 and of 1,000 of 2,000 shares of 90 (45); day 12+ not stored.
    const daily = { beginDay: 10, words: [pack(400n, 4_000n), pack(90n, 2_000n)] };
    expect(hexStakeYield(stake, 11, daily)).toBe(100n);
    expect(hexStakeYield(stake, 12, daily)).toBe(145n);
    expect(hexStakeYield(stake, 14, daily)).toBe(145n + 2n * 45n);
    // Served no further than the due day, however late.
    expect(hexStakeYield(stake, 40, daily)).toBe(145n + 3n * 45n);
  });
});
