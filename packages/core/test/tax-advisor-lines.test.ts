import { describe, expect, it } from "vitest";
import { anlageSoLines } from "../src/tax/advisor-lines.ts";
import { computeTaxReport } from "../src/tax/engine.ts";
import { type SimpleEvent, simpleEventsToTaxEvents } from "../src/tax/simple-events.ts";

function report(events: SimpleEvent[], year: number) {
  const { events: ev, assets } = simpleEventsToTaxEvents(events);
  return computeTaxReport(ev, undefined, { assets, year });
}

describe("the advisor's Anlage SO tables", () => {
  it("lists taxable lots only, one line each, and spreads rounding cents so the lines add up", () => {
    const t = (d: string) => `2024-${d}T12:00:00+01:00`;
    const events: SimpleEvent[] = [
      { time: "2022-01-10T12:00:00+01:00", wallet: "W1", type: "buy", asset: "A", amount: "1", eur: "10" },
      { time: t("01-10"), wallet: "W1", type: "buy", asset: "A", amount: "1", eur: "10" },
      { time: t("01-11"), wallet: "W1", type: "buy", asset: "A", amount: "1", eur: "10" },
      // Sold 2024-03-01: the 2022 lot is tax-free, the two 2024 lots are taxable (0.005 EUR gain each).
      { time: t("03-01"), wallet: "W1", type: "sell", asset: "A", amount: "3", eur: "30.01" },
      { time: t("04-01"), wallet: "W1", type: "income", asset: "R", amount: "1", eur: "0.004" },
      { time: t("04-02"), wallet: "W1", type: "income", asset: "R", amount: "1", eur: "0.004" },
    ];
    const r = report(events, 2024);
    const lines = anlageSoLines(r.transactions, 2024);
    expect(lines.disposals.map((d) => [d.acquired, d.sold, d.symbol, d.amount, d.gain])).toEqual([
      ["2024-01-10", "2024-03-01", "A", "1", "0.00"],
      ["2024-01-11", "2024-03-01", "A", "1", "0.01"], // the last lot took the proceeds' remainder
    ]);
    expect(lines.disposalsTotal).toBe(r.years["2024"]?.gainTaxable);
    expect(lines.income.map((l) => l.value)).toEqual(["0.01", "0.00"]);
    expect(lines.incomeTotal).toBe("0.01");
    expect(lines.incomeTotal).toBe(r.years["2024"]?.income22);
  });
});
