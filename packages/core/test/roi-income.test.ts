import { describe, expect, it } from "vitest";
import { investmentReturn } from "../src/income/investment-roi.ts";
import { isRewardPayout, RewardSenders } from "../src/income/reward-senders.ts";
import type { RoiPayout } from "../src/income/roi-api.ts";
import { roiSummary } from "../src/income/roi-summary.ts";

const W = "0x1111111111111111111111111111111111111111";
const DIST = "0x2222222222222222222222222222222222222222";
const OTHER = "0x3333333333333333333333333333333333333333";

describe("the one income rule for printer payouts", () => {
  it("counts transfers into the wallets from a distributor found on chain, listed, or chosen by the user", () => {
    const wallets = new Set([W]);
    const found = new RewardSenders({ discovered: [`369:${DIST}`] });
    expect(isRewardPayout({ chainId: 369, from: DIST, to: W }, wallets, found)).toBe(true);
    // The same address on another chain is another contract.
    expect(isRewardPayout({ chainId: 1, from: DIST, to: W }, wallets, found)).toBe(false);
    // An airdrop from anyone else is not income; a payment out is not income.
    expect(isRewardPayout({ chainId: 369, from: OTHER, to: W }, wallets, found)).toBe(false);
    expect(isRewardPayout({ chainId: 369, from: W, to: DIST }, wallets, found)).toBe(false);
    // The operator's list without a chain applies to every chain.
    const listed = new RewardSenders({ configured: [OTHER.toUpperCase().replace("0X", "0x")] });
    expect(isRewardPayout({ chainId: 1, from: OTHER, to: W }, wallets, listed)).toBe(true);
    // The user's word wins both ways.
    const chosen = new RewardSenders({
      discovered: [`369:${DIST}`],
      choices: [
        { chainId: 369, address: DIST, income: false },
        { chainId: 369, address: OTHER, income: true },
      ],
    });
    expect(chosen.has(369, DIST)).toBe(false);
    expect(chosen.has(369, OTHER)).toBe(true);
    expect(chosen.list()).toEqual([`369:${OTHER}`]);
  });
});

const NOW = Date.UTC(2026, 10, 23, 12) / 1000; // 23.11.2026 13:00 in Berlin
const payout = (
  hoursAgo: number,
  value: string | null,
  eur: string | null,
  extra: Partial<RoiPayout> = {},
): RoiPayout => ({
  type: "ROI_INCOMING",
  chainId: 369,
  hash: `0x${String(hoursAgo).padStart(64, "0")}`,
  timeStamp: NOW - hoursAgo * 3600,
  token: "0x95b303987a60c71504d99aa1b13b4da07b0790ab",
  tokenSymbol: "PLSX",
  sourceOwner: null,
  tokenDecimal: 18,
  amount: "1000",
  value,
  valueEur: eur,
  source: DIST,
  dust: false,
  wallet: W,
  ...extra,
});

describe("the ROI tracker's figures", () => {
  it("sums the last 24 hours, 30 days and this year exactly, counts unpriced payouts without adding zero", () => {
    const payouts = [
      payout(1, "0.10", "0.09"),
      payout(23, "0.20", "0.18"),
      payout(25, "1.005", "0.93"),
      payout(24 * 29, "2.00", "1.85"),
      payout(24 * 31, "4.00", "3.70"),
      payout(24 * 60, null, null),
      payout(24 * 400, "8.00", "7.40"), // last year
    ];
    const r = roiSummary(payouts, NOW, { lastUpdated: "x", problems: [] });
    expect(r.dailyROI).toEqual({ usd: "0.30", eur: "0.27" });
    expect(r.monthlyROI).toEqual({ usd: "3.31", eur: "3.05" });
    expect(r.year).toEqual({ year: 2026, usd: "7.31", eur: "6.75", freigrenze: "256.00", crossed: false });
    // 90 days, newest first; the one of last year is out of the window.
    expect(r.roiTransactions.map((p) => p.timeStamp)).toEqual(payouts.slice(0, 6).map((p) => p.timeStamp));
    expect(r.byDay).toHaveLength(90);
    expect(r.byDay.at(-1)).toMatchObject({ period: "2026-11-23", usd: "0.10", payouts: 1 });
    expect(r.byMonth).toHaveLength(24);
    expect(r.byMonth[0]?.period).toBe("2024-12");
    expect(r.byMonth.at(-1)?.period).toBe("2026-11");
    expect(r.bySource).toEqual([
      expect.objectContaining({ source: DIST, tokenSymbol: "PLSX", payouts: 7, amount: "7000", usd: "15.31" }),
    ]);
    expect(r.unpriced).toBe(1);
    expect(r.roiTransactionCount).toBe(6);
  });

  it("lists at most the newest 500 payouts, but sums all of them", () => {
    const many = Array.from({ length: 1200 }, (_, i) => payout(i + 1, "0.01", "0.01"));
    const r = roiSummary(many, NOW, { lastUpdated: "x", problems: [] });
    expect(r.roiTransactions).toHaveLength(500);
    expect(r.roiTransactions[0]?.timeStamp).toBe(NOW - 3600);
    expect(r.roiTransactionCount).toBe(1200);
    expect(r.byDay.reduce((n, d) => n + d.payouts, 0)).toBe(1200);
    expect(r.bySource[0]?.usd).toBe("12.00");
  });

  it("says when the year's income reaches the §22 Freigrenze of 256 EUR", () => {
    const r = roiSummary([payout(2, "280", "256.00")], NOW, { lastUpdated: "x", problems: [] });
    expect(r.year.crossed).toBe(true);
    const below = roiSummary([payout(2, "279", "255.99")], NOW, { lastUpdated: "x", problems: [] });
    expect(below.year.crossed).toBe(false);
  });
});

describe("the return of manual investments", () => {
  it("is current minus purchase, exactly, in USD and percent; none in percent when nothing was paid", () => {
    const one = investmentReturn([{ purchasePriceUsd: "1500.10", currentValueUsd: "2999.999999" }]);
    expect(one).toEqual({ purchase: "1500.10", current: "3000.00", absolute: "1499.90", percent: "99.99" });
    const all = investmentReturn([
      { purchasePriceUsd: "0.1", currentValueUsd: "0.2" },
      { purchasePriceUsd: "0.2", currentValueUsd: "0.1" },
    ]);
    expect(all).toMatchObject({ absolute: "0.00", percent: "0.00" });
    expect(investmentReturn([{ purchasePriceUsd: "0", currentValueUsd: "5" }]).percent).toBeNull();
    expect(investmentReturn([]).absolute).toBe("0.00");
  });
});
