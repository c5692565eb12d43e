import { describe, expect, it } from "vitest";
import {
  computeTaxReport,
  dayOfIso,
  openLotsQuerySchema,
  plannedLots,
  type SimpleEvent,
  simpleEventsToTaxEvents,
  type TaxEvent,
  taxFreeTimeline,
  tokenTotals,
  WHAT_IF_ID,
  whatIfOutcome,
  whatIfRequestSchema,
  whatIfSaleEvent,
  yearRoom,
} from "../src/index.ts";

const W = "0x1111111111111111111111111111111111111111";
const HEX = "369:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";

/** 100 HEX for 100 EUR in March 2024, 100 more for 200 EUR in June 2025, a taxable sale of 10 in July 2025. */
const HISTORY: SimpleEvent[] = [
  { time: "2024-03-01T10:00:00Z", wallet: W, type: "buy", asset: HEX, amount: "100", eur: "100" },
  { time: "2025-06-01T10:00:00Z", wallet: W, type: "buy", asset: HEX, amount: "100", eur: "200" },
];

function run(extra: TaxEvent[] = [], year = 2025, history = HISTORY) {
  const { events, assets } = simpleEventsToTaxEvents(history);
  return computeTaxReport([...events, ...extra], undefined, { year, assets });
}

const sale = (amount: string, priceEur: string, at = "2025-11-26T12:00:00Z") => ({
  wallet: W,
  asset: HEX,
  amount: BigInt(amount) * 10n ** 18n,
  amountText: amount,
  priceEur,
  time: Date.parse(at) / 1000,
});

function whatIf(s: ReturnType<typeof sale>, history = HISTORY) {
  const year = new Date(s.time * 1000).getUTCFullYear();
  const before = run([], year, history);
  const after = run([whatIfSaleEvent(s)], year, history);
  const row = after.transactions.find((r) => r.hash === WHAT_IF_ID);
  if (!row) throw new Error("no sale row");
  const room = (r: typeof before) => yearRoom(year, r.years[String(year)]);
  return whatIfOutcome({ row, sale: s, symbol: "HEX", priceSource: "input", before: room(before), after: room(after) });
}

describe("open lots for planning", () => {
  it("values each open lot at the day's price, with its gain and tax-free date", () => {
    const lots = plannedLots(run().holdings, "2025-11-26", () => "3");
    expect(lots).toEqual([
      expect.objectContaining({
        wallet: W,
        stakeId: null,
        chainId: 369,
        token: "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
        amount: "100",
        acquired: "2024-03-01",
        cost: "100.00",
        value: "300.00",
        gain: "200.00",
        taxFreeFrom: "2025-03-02",
        daysUntilTaxFree: 0,
      }),
      expect.objectContaining({
        acquired: "2025-06-01",
        cost: "200.00",
        value: "300.00",
        gain: "100.00",
        taxFreeFrom: "2026-06-02",
        daysUntilTaxFree: 188,
      }),
    ]);
  });

  it("sums per token what is tax-free today and names the next tax-free day; the timeline holds the next 12 months", () => {
    const lots = plannedLots(run().holdings, "2025-11-26", () => "3");
    expect(tokenTotals(lots)).toEqual([
      expect.objectContaining({
        amount: "200",
        taxFreeAmount: "100",
        cost: "300.00",
        value: "600.00",
        gain: "300.00",
        lots: 2,
        nextTaxFree: "2026-06-02",
      }),
    ]);
    expect(taxFreeTimeline(lots, dayOfIso("2025-11-26"))).toEqual([
      { date: "2026-06-02", chainId: 369, token: HEX.slice(4), symbol: HEX, amount: "100", value: "300.00" },
    ]);
    // Seen from a day over a year before, the date lies beyond the next 12 months.
    expect(taxFreeTimeline(lots, dayOfIso("2025-05-01"))).toEqual([]);
  });

  it("a lot without a price has no value or gain; one of unknown acquisition names the gap", () => {
    const history: SimpleEvent[] = [
      ...HISTORY,
      { time: "2025-07-01T10:00:00Z", wallet: W, type: "unknown-in", asset: HEX, amount: "5" },
    ];
    const lots = plannedLots(run([], 2025, history).holdings, "2025-11-26", () => undefined);
    expect(lots.map((l) => [l.amount, l.value, l.gain, l.gap])).toEqual([
      ["100", null, null, null],
      ["100", null, null, null],
      ["5", null, null, "unknown-cost"],
    ]);
    expect(tokenTotals(lots)[0]).toMatchObject({ amount: "205", cost: null, value: null });
  });
});

describe("the year's room", () => {
  it("has no verdict while a history is unread, is provisional while values are missing, else final", () => {
    const figures = run().years["2025"];
    expect(yearRoom(2025, figures).state).toBe("final");
    expect(yearRoom(2025, figures, 1).state).toBe("unknown");
    expect(yearRoom(2025, figures && { ...figures, missingPrices: 2 }).state).toBe("provisional");
    expect(yearRoom(2025, undefined)).toMatchObject({ room23: "1000.00", room22: "256.00", state: "final" });
  });
});

describe("what a sale would mean", () => {
  it("a sale within a year of the second buy: wallet-FIFO uses the old lot first (tax-free), then the new one (taxable)", () => {
    const outcome = whatIf(sale("150", "10"));
    expect(outcome.proceeds).toBe("1500.00");
    expect(outcome.lots).toEqual([
      expect.objectContaining({
        acquired: "2024-03-01",
        amount: "100",
        cost: "100.00",
        proceeds: "1000.00",
        gain: "900.00",
        taxFree: true,
      }),
      expect.objectContaining({
        acquired: "2025-06-01",
        amount: "50",
        cost: "100.00",
        proceeds: "500.00",
        gain: "400.00",
        taxFree: false,
      }),
    ]);
    expect(outcome).toMatchObject({ gainTaxable: "400.00", gainTaxFree: "900.00", gainUnknown: false });
    expect(outcome.before).toMatchObject({ gainTaxable: "0.00", room23: "1000.00", crossed23: false });
    expect(outcome.after).toMatchObject({ gainTaxable: "400.00", room23: "600.00", crossed23: false });
    expect(outcome.crossesFreigrenze).toBe(false);
    expect(outcome.taxFreeFrom).toBe("2026-06-02");
  });

  it("a sale only of lots older than a year is tax-free already", () => {
    const outcome = whatIf(sale("100", "10"));
    expect(outcome).toMatchObject({
      gainTaxable: "0.00",
      gainTaxFree: "900.00",
      taxFreeFrom: null,
      crossesFreigrenze: false,
    });
  });

  it("a sale that takes the year's gains to the Freigrenze crosses it: all of it becomes taxable", () => {
    // 100 tax-free + 100 taxable at 12 EUR: taxable gain 1200 - 200 = 1000.00, exactly the Freigrenze.
    const outcome = whatIf(sale("200", "12"));
    expect(outcome.gainTaxable).toBe("1000.00");
    expect(outcome.after).toMatchObject({ gainTaxable: "1000.00", room23: "0.00", crossed23: true });
    expect(outcome.crossesFreigrenze).toBe(true);
  });

  it("a lot that arrived bridged from another wallet of the user keeps its date and cost", () => {
    const W2 = "0x2222222222222222222222222222222222222222";
    const history: SimpleEvent[] = [
      { time: "2024-03-01T10:00:00Z", wallet: W2, type: "buy", asset: HEX, amount: "100", eur: "100" },
      { time: "2025-06-01T10:00:00Z", wallet: W2, type: "transfer", asset: HEX, amount: "100", toWallet: W },
    ];
    const outcome = whatIf(sale("100", "2"), history);
    expect(outcome.lots).toEqual([expect.objectContaining({ acquired: "2024-03-01", cost: "100.00", taxFree: true })]);
    expect(outcome.gainTaxFree).toBe("100.00");
  });
});

describe("planning inputs", () => {
  it("refuses a date in the future and one that is no calendar day", () => {
    const schema = openLotsQuerySchema(new Date("2025-11-26T12:00:00Z"));
    expect(schema.safeParse({ at: "2025-11-27" }).error?.issues[0]?.message).toBe("planning.errors.dateInFuture");
    expect(schema.safeParse({ at: "2025-02-30" }).error?.issues[0]?.message).toBe("planning.errors.date");
    expect(schema.parse({})).toEqual({});
  });

  it("reads amounts as typed and refuses a price that is not a positive decimal", () => {
    const base = { wallet: W.toUpperCase().replace("0X", "0x"), chainId: 369, token: "native" };
    expect(whatIfRequestSchema.parse({ ...base, amount: "1.000.000,5" }).amount).toBe("1000000.5");
    const zero = whatIfRequestSchema.safeParse({ ...base, amount: "1", priceEur: "0" });
    expect(zero.error?.issues[0]).toMatchObject({ path: ["priceEur"], message: "planning.errors.price" });
    const word = whatIfRequestSchema.safeParse({ ...base, amount: "viel" });
    expect(word.error?.issues[0]?.path).toEqual(["amount"]);
  });
});

describe("manual entries of a chain token", () => {
  it("count the token's own units, so a sale entered by hand sells the lots the chain brought", () => {
    // HEX has 8 decimals: the chain's 100 HEX are 100 x 10^8 base units.
    const chainBuy = {
      kind: "buy" as const,
      time: Date.parse("2024-03-01T10:00:00Z") / 1000,
      txHash: "0xabc",
      given: [],
      received: [{ wallet: W, asset: HEX, amount: 100n * 10n ** 8n }],
      eur: "100",
    };
    const sale: SimpleEvent = {
      time: "2025-06-01T10:00:00Z",
      wallet: W,
      type: "sell",
      asset: HEX,
      amount: "40.5",
      eur: "81",
    };
    const manual = simpleEventsToTaxEvents([sale], { knownDecimals: (a) => (a === HEX ? 8 : undefined) });
    expect(manual.events[0]?.given[0]?.amount).toBe(4_050_000_000n);
    // The asset's facts are the chain's, not the entry's 18 decimals.
    expect(manual.assets(HEX)).toBeUndefined();
    const report = computeTaxReport([chainBuy, ...manual.events], undefined, {
      assets: (a) => (a === HEX ? { symbol: "HEX", decimals: 8 } : undefined),
    });
    expect(report.holdings.map((l) => l.amount)).toEqual(["59.5"]);
    expect(report.summary.gainTaxFree).toBe("40.50");
    // More decimals than the token has is refused, naming the entry.
    expect(() => simpleEventsToTaxEvents([{ ...sale, amount: "1.000000001" }], { knownDecimals: () => 8 })).toThrow(
      /event 1: .*more decimals than the token \(8\)/,
    );
  });
});
