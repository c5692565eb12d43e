/**
 * Golden output of the tax engine and the builders that consume it (the CSV export and the advisor
 * PDF's Anlage SO lines): the worked cases and the benchmark's synthetic histories, serialised with
 * sorted keys, compared with the files in fixtures/tax-golden. A refactoring of the engine must leave
 * them unchanged. After an intended change of the output: `UPDATE_TAX_GOLDEN=1 npx vitest run
 * --project tax tools/tax-cli/test/golden.test.ts`, then review the diff of the fixtures.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  anlageSoLines,
  computeTaxReport,
  type EurPriceLookup,
  germanDescription,
  PULSECHAIN_FORK,
  type ReportTransaction,
  type SimpleEvent,
  simpleEventsToTaxEvents,
  type TaxReport,
  taxReportCsv,
  taxReportFromTransfers,
  unknownGroups,
} from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { syntheticTransfers } from "../../../bench/tax-synthetic.mts";
import { loadInput } from "../src/input.ts";

const here = import.meta.dirname;
const root = path.resolve(here, "../../..");
const goldenDir = path.join(here, "fixtures/golden");
const update = process.env.UPDATE_TAX_GOLDEN === "1";
/** The worked cases kept beside the repository (CI places them there); the tax-cli's copy otherwise. */
const sharedCases = path.resolve(root, "../shared/tax-cases/cases.json");
const casesFile = existsSync(sharedCases) ? sharedCases : path.join(here, "fixtures/tax-cases.json");

interface Case {
  id: string;
  events: SimpleEvent[];
  expected: { years: Record<string, unknown> };
}
const cases = (JSON.parse(readFileSync(casesFile, "utf8")) as { cases: Case[] }).cases;

/** JSON with the keys of every object sorted, one value per line for readable diffs. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/**
 * A row as the API answers it: the description written in German (`beschreibung`, the server's edge)
 * in place of its key and amounts, so the fixtures hold the text the advisor reads.
 */
function apiRow(row: ReportTransaction): Omit<ReportTransaction, "description"> & { beschreibung: string } {
  const { description: _, ...rest } = row;
  return { ...rest, beschreibung: germanDescription(row) };
}

/** The unknown arrivals have golden files of their own (below); the files before them stay as they were. */
function serialise(report: TaxReport): string {
  const { transactions, unknownArrivals: _, ...rest } = report;
  const lines = [stable(rest), ...transactions.map((r) => stable(apiRow(r)))];
  lines.push(taxReportCsv(transactions).replaceAll("\r\n", "⏎\n"));
  if (report.year !== null) lines.push(stable(anlageSoLines(transactions, report.year)));
  return `${lines.join("\n")}\n`;
}

function matchesGolden(name: string, text: string): void {
  const file = path.join(goldenDir, name);
  if (update || !existsSync(file)) {
    mkdirSync(goldenDir, { recursive: true });
    writeFileSync(file, text);
  }
  expect(text === readFileSync(file, "utf8"), `${name} differs from its golden file`).toBe(true);
}

/** Large outputs: a digest per part (the whole text would be megabytes), the figures in full. */
function digestOf(report: TaxReport): string {
  const { transactions, unknownArrivals: _, ...rest } = report;
  const rows = createHash("sha256");
  for (const r of transactions) rows.update(`${stable(apiRow(r))}\n`);
  const csv = createHash("sha256").update(taxReportCsv(transactions)).digest("hex");
  const lines = [
    stable({
      ...rest,
      holdings: rest.holdings.length,
      missingPrices: rest.missingPrices.length,
      unknownCosts: rest.unknownCosts.length,
    }),
    `holdings ${createHash("sha256").update(stable(rest.holdings)).digest("hex")}`,
    `unknownCosts ${createHash("sha256").update(stable(rest.unknownCosts)).digest("hex")}`,
    `missingPrices ${createHash("sha256").update(stable(rest.missingPrices)).digest("hex")}`,
    `rows ${transactions.length} ${rows.digest("hex")}`,
    `csv ${csv}`,
    ...transactions.slice(0, 40).map((r) => stable(apiRow(r))),
  ];
  if (report.year !== null)
    lines.push(
      `anlageSo ${createHash("sha256")
        .update(stable(anlageSoLines(transactions, report.year)))
        .digest("hex")}`,
    );
  return `${lines.join("\n")}\n`;
}

describe("golden output: the worked cases", () => {
  it.each(cases.map((c) => [c.id, c] as const))("%s", (id, c) => {
    const { events, assets } = simpleEventsToTaxEvents(c.events);
    const parts = [serialise(computeTaxReport(events, undefined, { assets }))];
    for (const year of Object.keys(c.expected.years))
      parts.push(serialise(computeTaxReport(events, undefined, { assets, year: Number(year) })));
    matchesGolden(`case-${id}.txt`, parts.join("\n"));
  });
});

/** The declaration cases (declarations.test.ts computes them by hand): the report and its open points. */
describe("golden output: the declaration cases", () => {
  const file = path.join(here, "fixtures/declaration-cases.json");
  const ids = (JSON.parse(readFileSync(file, "utf8")) as { cases: { id: string }[] }).cases.map((c) => c.id);
  it.each(ids)("%s", (id) => {
    const input = loadInput(file, id);
    const report = computeTaxReport(input.events, input.prices, {
      assets: input.assets,
      declared: input.declared,
      chainFork: PULSECHAIN_FORK,
      year: 2024,
    });
    matchesGolden(`declaration-${id}.txt`, `${serialise(report)}${stable(unknownGroups(report))}\n`);
  });
});

describe("golden output: the benchmark's synthetic history", { timeout: 60_000 }, () => {
  const h = syntheticTransfers({ transfers: 200_000, wallets: 10, tokens: 500 });
  const own = h.wallets.map((address) => ({ chainId: 369, address }));
  const run = (opts: { year?: number; rows?: boolean }) =>
    taxReportFromTransfers(h.transfers, own, h.prices, {
      knownDistributors: [h.distributor],
      assets: h.assets,
      ...opts,
    });

  it("all years, all rows", () => matchesGolden("synthetic-200k-all.txt", digestOf(run({}))));
  it("the report of 2024, and its open points", () => {
    const report = run({ year: 2024 });
    matchesGolden("synthetic-200k-2024.txt", digestOf(report));
    const groups = unknownGroups(report);
    const arrivals = groups.reduce((n, g) => n + g.arrivals.length, 0);
    const digest = createHash("sha256").update(stable(groups)).digest("hex");
    const head = groups.slice(0, 5).map((g) => stable({ ...g, arrivals: g.arrivals.slice(0, 3) }));
    matchesGolden(
      "synthetic-200k-2024-open-points.txt",
      [`groups ${groups.length} arrivals ${arrivals} ${digest}`, ...head, ""].join("\n"),
    );
  });
  it("figures without rows", () => matchesGolden("synthetic-200k-figures.txt", digestOf(run({ rows: false }))));

  it("with gaps in the prices (missing values and fees)", () => {
    const g = syntheticTransfers({ transfers: 20_000, wallets: 4, tokens: 60, seed: 7 });
    const gappy: EurPriceLookup = (asset, t) =>
      Math.floor(t / 86_400) % 7 === asset.length % 7 ? undefined : g.prices(asset, t);
    const owned = g.wallets.map((address) => ({ chainId: 369, address }));
    const report = taxReportFromTransfers(g.transfers, owned, gappy, {
      knownDistributors: [g.distributor],
      assets: g.assets,
      year: 2024,
    });
    matchesGolden("synthetic-20k-gaps-2024.txt", digestOf(report));
  });
});
