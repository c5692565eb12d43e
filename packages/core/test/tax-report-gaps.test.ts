/** The gaps lead with what can change the figures; thousands of unpriced airdrops come last, grouped. */
import { describe, expect, it } from "vitest";
import { computeTaxReport } from "../src/tax/engine.ts";
import { reportGaps } from "../src/tax/report-gaps.ts";
import { type SimpleEvent, simpleEventsToTaxEvents } from "../src/tax/simple-events.ts";

const W = "W1";

function history(airdrops: number): SimpleEvent[] {
  const events: SimpleEvent[] = [];
  for (let i = 0; i < airdrops; i++) {
    const day = String(1 + (i % 28)).padStart(2, "0");
    events.push({
      time: `2024-02-${day}T10:00:00+01:00`,
      wallet: W,
      type: "unknown-in",
      asset: `AIR${i % 40}`,
      amount: "1000",
    });
  }
  events.push(
    { time: "2024-03-01T10:00:00+01:00", wallet: W, type: "unknown-in", asset: "USDC", amount: "10000", eur: "9200" },
    { time: "2024-03-02T10:00:00+01:00", wallet: W, type: "unknown-in", asset: "DAI", amount: "25000", eur: "23000" },
    // An airdrop that was sold: it matters (its gain is unknown).
    { time: "2024-04-01T10:00:00+02:00", wallet: W, type: "unknown-in", asset: "SOLD", amount: "50" },
    { time: "2024-05-01T10:00:00+02:00", wallet: W, type: "sell", asset: "SOLD", amount: "50", eur: "400" },
  );
  return events;
}

describe("reportGaps", () => {
  it("leads with the largest EUR values and sold tokens, then groups the unpriced airdrops", () => {
    const { events, assets } = simpleEventsToTaxEvents(history(3000));
    const report = computeTaxReport(events, undefined, { assets, year: 2024 });
    expect(report.missingPrices.length + report.unknownCosts.length).toBeGreaterThan(3000);
    const gaps = reportGaps(report);
    const first = gaps.important.slice(0, 2).map((g) => [g.entry.symbol, g.valueEur]);
    expect(first).toEqual([
      ["DAI", "23000.00"],
      ["USDC", "9200.00"],
    ]);
    expect(gaps.important.map((g) => g.entry.symbol)).toContain("SOLD");
    expect(gaps.important.some((g) => g.entry.symbol.startsWith("AIR"))).toBe(false);
    expect(gaps.airdrops.tokens).toBe(40);
    expect(gaps.airdrops.entries).toBe(
      report.missingPrices.filter((m) => m.symbol.startsWith("AIR")).length +
        report.unknownCosts.filter((u) => u.symbol.startsWith("AIR")).length,
    );
    expect(gaps.airdrops.symbols).toHaveLength(8);
  });
});
