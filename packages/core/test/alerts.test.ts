import { describe, expect, it } from "vitest";
import {
  alertText,
  dayOfIso,
  freigrenzeAlert,
  hexDayDate,
  hexStakeAlerts,
  type PayoutFact,
  type PlannedLot,
  type StakeFact,
  stakeStep,
  stoppedIncomeAlerts,
  taxFreeAlerts,
  watchlistAlerts,
  weeklyIncomeAlert,
  type YearRoom,
} from "../src/index.ts";

const stake = (over: Partial<StakeFact> = {}): StakeFact => ({
  chainId: 369,
  wallet: "0xAbC0000000000000000000000000000000000001",
  stakeId: "42",
  lockedDay: 2000,
  stakedDays: 369,
  unlockedDay: 0,
  principalHex: "1000000",
  payoutHex: "1234567.5",
  ...over,
});
const END = 2369;

describe("HEX stake reminders", () => {
  it("go out 7 days before, the day before, on the end day and when 3 penalty-free days are left", () => {
    expect(stakeStep(END, END - 8)).toBeNull();
    expect(stakeStep(END, END - 7)).toEqual({ step: "week", daysLeft: 7 });
    expect(stakeStep(END, END - 2)).toEqual({ step: "week", daysLeft: 2 });
    expect(stakeStep(END, END - 1)).toEqual({ step: "day", daysLeft: 1 });
    expect(stakeStep(END, END)).toEqual({ step: "end", daysLeft: 14 });
    expect(stakeStep(END, END + 10)).toEqual({ step: "end", daysLeft: 4 });
    expect(stakeStep(END, END + 11)).toEqual({ step: "grace", daysLeft: 3 });
    // Day end + 14 is HEX's last day without a late penalty; after it the reminders stop.
    expect(stakeStep(END, END + 14)).toEqual({ step: "grace", daysLeft: 0 });
    expect(stakeStep(END, END + 15)).toBeNull();
  });

  it("name stake and step in the key, with the end and the last free day as dates", () => {
    const [alert] = hexStakeAlerts([stake()], END - 1);
    expect(alert?.key).toBe("hexStake:369:0xabc0000000000000000000000000000000000001:42:day");
    expect(alert?.facts).toMatchObject({
      kind: "hexStake",
      step: "day",
      endDate: hexDayDate(END),
      graceEndDate: hexDayDate(END + 14),
      principalHex: "1000000",
      payoutHex: "1234567.5",
    });
    expect(hexDayDate(0)).toBe("2019-12-03");
  });

  it("say nothing of a stake already ended", () => {
    expect(hexStakeAlerts([stake({ unlockedDay: END - 1 })], END - 1)).toEqual([]);
  });
});

/** Unix seconds of a UTC time. */
const at = (iso: string) => Date.parse(iso) / 1000;
const payout = (iso: string, eur: string | null, over: Partial<PayoutFact> = {}): PayoutFact => ({
  chainId: 369,
  source: "0xD15700000000000000000000000000000000000A",
  symbol: "PRINT",
  timeStamp: at(iso),
  eur,
  usd: eur === null ? null : (Number(eur) * 1.1).toFixed(2),
  ...over,
});

describe("the weekly income summary", () => {
  // Wednesday 2026-11-25: the summary covers Monday 16 to Sunday 22 November, beside 9 to 15 November.
  const today = dayOfIso("2026-11-25");

  it("sums each source's income of the last whole German week beside the week before", () => {
    const alert = weeklyIncomeAlert(
      [
        payout("2026-11-16T00:30:00Z", "10.10"),
        // Sunday 23:30 in Berlin (22:30 UTC) still belongs to that week.
        payout("2026-11-22T22:30:00Z", "5.005"),
        // Monday 00:30 in Berlin belongs to this week, not to the summary.
        payout("2026-11-22T23:30:00Z", "99"),
        payout("2026-11-10T12:00:00Z", "20"),
        payout("2026-11-18T12:00:00Z", null),
        payout("2026-11-17T12:00:00Z", "1", { source: "0xbbbb00000000000000000000000000000000000b", symbol: "HEXP" }),
      ],
      today,
    );
    expect(alert?.key).toBe("incomeWeekly:2026-11-16");
    expect(alert?.facts).toMatchObject({
      weekStart: "2026-11-16",
      weekEnd: "2026-11-22",
      eur: "16.11",
      previousEur: "20.00",
    });
    if (alert?.facts.kind !== "incomeWeekly") throw new Error("kind");
    expect(alert.facts.sources.map((s) => [s.symbol, s.eur, s.previousEur])).toEqual([
      ["PRINT", "15.11", "20.00"],
      ["HEXP", "1.00", "0.00"],
    ]);
  });

  it("is not sent when neither week paid", () => {
    expect(weeklyIncomeAlert([payout("2026-10-01T12:00:00Z", "5")], today)).toBeNull();
  });
});

describe("a source that stops paying", () => {
  const weekly = (last: string) =>
    [0, 7, 14, 21, 28].map((back) => payout(new Date(at(last) * 1000 - back * 86_400_000).toISOString(), "3"));
  const now = (iso: string) => at(iso);

  it("is reported once it paid every week and was silent for the set number of days", () => {
    const payouts = weekly("2026-11-01T10:00:00Z");
    expect(stoppedIncomeAlerts(payouts, now("2026-11-14T12:00:00Z"), 14)).toEqual([]);
    const [alert] = stoppedIncomeAlerts(payouts, now("2026-11-15T12:00:00Z"), 14);
    expect(alert?.key).toBe("incomeStopped:369:0xd15700000000000000000000000000000000000a:2026-11-01");
    expect(alert?.facts).toMatchObject({
      kind: "incomeStopped",
      symbol: "PRINT",
      days: 14,
      lastPayoutDate: "2026-11-01",
    });
    // Silent for months is not news any more.
    expect(stoppedIncomeAlerts(payouts, now("2026-11-25T12:00:00Z"), 14)).toEqual([]);
  });

  it("is not reported for a source that did not pay every week", () => {
    const irregular = weekly("2026-11-01T10:00:00Z").filter((_, i) => i !== 2);
    expect(stoppedIncomeAlerts(irregular, now("2026-11-16T12:00:00Z"), 14)).toEqual([]);
  });
});

describe("watchlist alerts", () => {
  const row = (priceUsd: string | null, change24h: string | null) => ({
    chainId: 369,
    address: "0x95b303987a60c71504d99aa1b13b4da07b0790ab",
    symbol: "PLSX",
    priceUsd,
    change24h,
  });
  const level = (aboveUsd: string | null, belowUsd: string | null) => ({
    chainId: 369,
    address: "0x95b303987a60c71504d99aa1b13b4da07b0790ab",
    aboveUsd,
    belowUsd,
  });

  it("report a level crossed within 24 hours, once per token and day", () => {
    // 0.0001 now after +25 %: 0.00008 a day ago, so 0.00009 was crossed.
    const [alert] = watchlistAlerts([row("0.0001", "25")], [level("0.00009", null)], "50", "2026-11-27");
    expect(alert?.key).toBe("watchlist:369:0x95b303987a60c71504d99aa1b13b4da07b0790ab:2026-11-27");
    expect(alert?.facts).toMatchObject({
      reason: "above",
      levelUsd: "0.00009",
      priceUsd: "0.0001",
      changePercent: "25",
    });
    const [below] = watchlistAlerts([row("0.00007", "-12.5")], [level(null, "0.000075")], "50", "2026-11-27");
    expect(below?.facts).toMatchObject({ reason: "below", levelUsd: "0.000075" });
  });

  it("do not repeat a level crossed earlier; a big move is reported on its own", () => {
    // Above the level already a day ago (+5 % from 0.0000952): no level alert, and 5 % is no big move.
    expect(watchlistAlerts([row("0.0001", "5")], [level("0.00009", null)], "20", "2026-11-27")).toEqual([]);
    const [move] = watchlistAlerts([row("0.0001", "-20")], [], "20", "2026-11-27");
    expect(move?.facts).toMatchObject({ reason: "move", changePercent: "-20", levelUsd: null });
    expect(watchlistAlerts([row("0.0001", "19.99")], [], "20", "2026-11-27")).toEqual([]);
  });

  it("say nothing without a price or a 24-hour change", () => {
    expect(watchlistAlerts([row(null, "50"), row("1", null)], [], "20", "2026-11-27")).toEqual([]);
  });
});

const lot = (over: Partial<PlannedLot>): PlannedLot => ({
  wallet: "0xAbC0000000000000000000000000000000000001",
  stakeId: null,
  chainId: 369,
  token: "native",
  asset: "369:native",
  symbol: "PLS",
  amount: "1000",
  acquired: "2025-12-01T10:00:00Z",
  cost: "50.00",
  value: "150.00",
  gain: "100.00",
  gap: null,
  taxFreeFrom: "2026-12-02",
  daysUntilTaxFree: 5,
  ...over,
});

describe("tax-free dates", () => {
  it("announce lots worth at least the threshold that turn tax-free within 7 days, per token, wallet and date", () => {
    const alerts = taxFreeAlerts(
      [
        lot({}),
        lot({ amount: "500", value: "100.00" }),
        lot({ value: "99.99" }),
        lot({ daysUntilTaxFree: 8, taxFreeFrom: "2026-12-05" }),
        lot({ daysUntilTaxFree: 0, taxFreeFrom: "2026-11-27" }),
        lot({ value: null }),
      ],
      "100",
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.key).toBe("taxFree:369:native:0xabc0000000000000000000000000000000000001:2026-12-02");
    expect(alerts[0]?.facts).toMatchObject({ date: "2026-12-02", amount: "1500", valueEur: "250.00", symbol: "PLS" });
  });
});

const room = (income22: string, state: YearRoom["state"] = "final"): YearRoom => ({
  year: 2026,
  gainTaxable: "0.00",
  freigrenze23: "1000.00",
  room23: "1000.00",
  crossed23: false,
  income22,
  freigrenze22: "256.00",
  room22: (Math.max(0, 25600 - Math.round(Number(income22) * 100)) / 100).toFixed(2),
  crossed22: Number(income22) >= 256,
  state,
});

describe("the Freigrenze of §22 Nr. 3", () => {
  it("is announced once a year when the income reaches 200 EUR, with the room left before 256 EUR", () => {
    expect(freigrenzeAlert(room("199.99"))).toBeNull();
    const alert = freigrenzeAlert(room("200.00"));
    expect(alert?.key).toBe("freigrenze:2026");
    expect(alert?.facts).toMatchObject({ incomeEur: "200.00", roomEur: "56.00" });
    // A history not read to the end only adds income: what was read is enough to warn.
    expect(freigrenzeAlert(room("250.00", "unknown"))?.facts).toMatchObject({ roomEur: "6.00" });
  });

  it("is worded in German and English with the app's number formats", () => {
    const facts = freigrenzeAlert(room("1234.5"))?.facts;
    if (!facts) throw new Error("no alert");
    const de = alertText(facts, "de");
    expect(de.title).toBe("Freigrenze 2026: 1.234,50 € von 256,00 €");
    expect(de.lines[0]).toContain("der ganze Betrag ist steuerpflichtig");
    const en = alertText(freigrenzeAlert(room("200"))?.facts as typeof facts, "en");
    expect(en.lines[0]).toContain("€56.00 are left before the exemption limit of €256.00");
    expect(en.path).toBe("/tax-planning");
  });
});

describe("the words of a stake reminder", () => {
  it("give the stake, its wallet and chain, principal, payout and both dates", () => {
    const [alert] = hexStakeAlerts([stake()], END - 1);
    if (!alert) throw new Error("no alert");
    const de = alertText(alert.facts, "de");
    expect(de.title).toBe("HEX-Stake endet morgen");
    expect(de.lines.join("\n")).toContain("Einsatz 1.000.000 HEX, geschätzte Auszahlung 1.234.567,5 HEX");
    expect(de.lines.join("\n")).toContain("0xabc0…0001, PulseChain");
    const en = alertText(alert.facts, "en");
    expect(en.lines.join("\n")).toContain("Principal 1,000,000 HEX, estimated payout 1,234,567.5 HEX");
  });
});
