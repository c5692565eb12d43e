/**
 * The fork copy and the bridge move through the command line (fixtures/fork-bridge-cases.json), to
 * the cent and with their lots, under the cost rule each case names (`--fork-cost`). Each case is
 * computed by hand below; the golden test keeps their whole output.
 *
 * The fork is PulseChain's (11.05.2023 08:07:35 in Germany); H1/H369 are HEX on Ethereum and its copy,
 * T1/T369 another token and its copy.
 *
 * fork-copy-sold-after-a-year-{zero,split}: 1000 H1 bought 01.03.2021 for 100 EUR; copied at the fork;
 *   on 03.06.2024 the copy is sold for 50 EUR and the original for 80 EUR. Both lots date from
 *   01.03.2021, more than a year before the sales: both are tax-free.
 *   Prices on the fork day: H1 0.06 EUR, H369 0.02 EUR.
 *   zero:  copy cost 0      -> gain 50 - 0  = 50;  original cost 100 -> 80 - 100 = -20.  Tax-free 30.00.
 *   split: copy share 0.02 / (0.06 + 0.02) = 1/4 -> copy cost 25, original 100 - 25 = 75:
 *          copy 50 - 25 = 25; original 80 - 75 = 5.                                       Tax-free 30.00.
 * fork-copy-sold-within-a-year-{zero,split}: 300 T1 bought 15.11.2022 for 200 EUR; copied at the fork;
 *   the copy sold 01.09.2023 for 100 EUR, the original 01.10.2023 for 150 EUR, both within the year
 *   (it ends 15.11.2023): taxable.
 *   The copy has its first price on 13.05.2023 (0.01 EUR); T1 is 0.02 EUR from 12.05.2023 on, so the
 *   first day with both is 13.05.2023 and the copy carries 0.01 / (0.02 + 0.01) = 1/3.
 *   zero:  copy 100 - 0 = 100; original 150 - 200 = -50.                              Taxable 50.00.
 *   split: copy cost floor(200 / 3) = 66.666666666666666666 (to the atto-euro), original keeps
 *          133.333333333333333334 (together 200 exactly): copy 100 - 66.67 = 33.33 (exactly
 *          33.333333333333333334), original 150 - 133.33 = 16.67 (exactly 16.666666666666666666);
 *          together exactly 50.                                                        Taxable 50.00.
 *   The Freigrenze of 2023 (600 EUR) is not reached: nothing after it.
 * fork-no-copy-of-later-purchases: 1000 H1 bought 10.01.2022 for 100 EUR; fork; 500 H1 bought
 *   01.06.2023 for 40 EUR (after the fork: no copy). 01.07.2023 1000 H369 sold for 30: the copy of the
 *   2022 lot, cost 0, tax-free (held since 10.01.2022) -> +30 tax-free. 01.08.2023 1500 H1 sold for
 *   150 (10 EUR each): 1000 of 10.01.2022 (cost 100, proceeds 100, gain 0, tax-free) and 500 of
 *   01.06.2023 (cost 40, proceeds 50, gain 10, taxable). 01.09.2023 500 H369 sold for 10: there is no
 *   copy of the later purchase, so no lot: acquisition, cost and gain unknown (left out of the figures).
 *   2023: taxable 10.00, tax-free 30.00.
 * fork-eth-balance-becomes-pls: 1 ETH bought 01.03.2022 for 2500 EUR and 1 ETH 20.01.2023 for 1400 EUR;
 *   fork: the 2 ETH become 2 PLS (native), each with its ETH purchase date, cost 0. 01.07.2023 the 2 PLS
 *   sold for 0.02 EUR: 0.01 each. The lot of 01.03.2022 is tax-free (+0.01), the one of 20.01.2023
 *   taxable (+0.01). 2023: taxable 0.01, tax-free 0.01.
 * bridge-move-and-later-sale: 1000 H1 bought 01.06.2023 for 60 EUR; 01.07.2023 bridged to PulseChain,
 *   990 arrive (the bridge kept 10: taken from the lot like a fee, 0.60 EUR of its cost with them);
 *   the 990 keep 01.06.2023 and 59.40 EUR. Sold 01.03.2024 for 99 EUR, within the year (it ends
 *   01.06.2024): 99 - 59.40 = 39.60 taxable. 2024: taxable 39.60 (below the 1000 EUR Freigrenze).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const here = import.meta.dirname;
const root = path.resolve(here, "../../..");
const casesFile = path.join(here, "fixtures/fork-bridge-cases.json");
const dir = mkdtempSync(path.join(tmpdir(), "tax-cli-fork-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Case {
  id: string;
  forkCost: "zero" | "split";
  events: unknown[];
  prices?: unknown;
  expected: {
    years: Record<string, Record<string, string>>;
    lots: {
      acquired: string | null;
      amount: string;
      cost: string | null;
      proceeds: string;
      gain: string | null;
      taxFree: boolean | null;
    }[];
  };
}
const cases = (JSON.parse(readFileSync(casesFile, "utf8")) as { cases: Case[] }).cases;

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run("npx", ["tsx", "tools/tax-cli/src/main.ts", ...args], { cwd: root });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

const perYear = cases.flatMap((c) => Object.keys(c.expected.years).map((year) => [c.id, year, c] as const));

describe("fork and bridge cases through the command line", () => {
  it("has the worked cases", () => {
    expect(cases.map((c) => c.id)).toEqual([
      "fork-copy-sold-after-a-year-zero",
      "fork-copy-sold-after-a-year-split",
      "fork-copy-sold-within-a-year-zero",
      "fork-copy-sold-within-a-year-split",
      "fork-no-copy-of-later-purchases",
      "fork-eth-balance-becomes-pls",
      "bridge-move-and-later-sale",
    ]);
  });

  it.each(perYear)("%s, %s", async (_id, year, c) => {
    const r = await cli(["--input", casesFile, "--case", c.id, "--year", year, "--fork-cost", c.forkCost, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split("\n").at(-1) ?? "") as {
      years: Record<string, unknown>;
      lots: Record<string, unknown>[];
    };
    expect(out.years).toEqual({ [year]: c.expected.years[year] });
    const lots = out.lots.map(({ acquired, amount, cost, proceeds, gain, taxFree }) => ({
      acquired,
      amount,
      cost,
      proceeds,
      gain,
      taxFree,
    }));
    expect(lots).toEqual(c.expected.lots);
  });

  it("writes the copy's lot lines with the original purchase date and the cost rule", async () => {
    const out = path.join(dir, "split.csv");
    const r = await cli([
      "--input",
      casesFile,
      "--case",
      "fork-copy-sold-within-a-year-split",
      "--fork-cost",
      "split",
      "--out",
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const line = readFileSync(out, "utf8")
      .split("\r\n")
      .find((l) => l.includes("PulseChain-Abspaltung"));
    expect(line?.split(";").slice(16)).toEqual([
      "15.11.2022",
      "66,67",
      "",
      "",
      "177",
      "Abspaltung (Kosten aufgeteilt nach Marktwerten vom 13.05.2023)",
    ]);
  });

  const bad: { name: string; args: string[]; change: Record<string, unknown>; message: RegExp }[] = [
    {
      name: "a cost rule that is none",
      args: ["--fork-cost", "half"],
      change: {},
      message: /--fork-cost: zero or split, not half/,
    },
    {
      name: "a fork-copy with an amount",
      args: [],
      change: { amount: "1" },
      message: /event 1: amount: a fork-copy copies every open lot/,
    },
    {
      name: "a fork-copy without toAsset",
      args: [],
      change: { toAsset: undefined },
      message: /event 1: toAsset: a fork-copy needs toAsset/,
    },
  ];
  it.each(bad.map((b) => [b.name, b] as const))("refuses %s with exit code 2 and the reason", async (_name, b) => {
    const file = path.join(dir, "bad.json");
    const event = {
      time: "2023-05-11T08:07:35+02:00",
      wallet: "W1",
      type: "fork-copy",
      asset: "1:native",
      toAsset: "369:native",
      ...b.change,
    };
    writeFileSync(file, JSON.stringify({ events: [event] }));
    const r = await cli(["--input", file, ...b.args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(b.message);
  });
});
