/**
 * The worked cases of the declarations (fixtures/declaration-cases.json) through the command line, to
 * the cent: each declaration kind against the same sale undeclared, and the input errors. Computed by
 * hand (German dates; the one-year period ends on the anniversary, a sale after it is tax-free):
 *
 * - airdrop-undeclared: 100 A arrive on 01.02.2024 (minted, not sent by the user), sold on 01.06.2024
 *   for 300 EUR. Cost unknown: the gain is unknown, none of the figures has it; the open points list
 *   one group (A, airdrop) with the arrival and 300,00 EUR at stake.
 * - airdrop-zero: declared "received for nothing": cost 0 EUR, acquired 01.02.2024; 300 - 0 = 300 EUR
 *   taxable (held four months), below the 1.000 EUR Freigrenze of 2024, so 0 EUR after it.
 * - airdrop-cost-old: declared "bought for 120 EUR on 01.02.2021": period ended 01.02.2022, the sale
 *   on 01.06.2024 is after it: 300 - 120 = 180 EUR tax-free.
 * - airdrop-income: declared income; the market value on arrival is 100 x 3 EUR = 300 EUR of §22 Nr. 3
 *   income (over the 256 EUR Freigrenze: all 300 EUR count); the lot costs 300 EUR, the sale for
 *   500 EUR on 01.06.2024 gains 500 - 300 = 200 EUR, taxable (below the §23 Freigrenze).
 * - own-transfer: declared "from my Binance account, bought there for 450 EUR on 01.12.2023": period
 *   ends 01.12.2024, the sale on 05.12.2024 is after it: 500 - 450 = 50 EUR tax-free (undeclared, the
 *   arrival date 01.02.2024 alone would have made it taxable, and its cost unknown).
 * - sacrifice-undeclared: 1.000.000 PLS (369:native) sold on 01.03.2024 for 150 EUR, none ever
 *   arrived: after PulseChain's fork, so the open point's kind is "sacrifice", 150,00 EUR at stake.
 * - sacrifice-declared: declared "1.5 ETH given on 20.07.2021, worth 100 EUR": period ended
 *   20.07.2022: 150 - 100 = 50 EUR tax-free.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type SimpleEvent, simpleEventsToTaxEvents } from "@pulsemanager/core";
import { afterAll, describe, expect, it } from "vitest";
import { cliDeclarations } from "../src/declarations.ts";

const run = promisify(execFile);
const here = import.meta.dirname;
const root = path.resolve(here, "../../..");
const casesFile = path.join(here, "fixtures/declaration-cases.json");

interface DeclarationCase {
  id: string;
  events: unknown[];
  declarations?: unknown[];
  prices?: unknown;
  expected: {
    years: Record<string, Record<string, string>>;
    lots: Record<string, unknown>[];
    /** [asset, arrival kind, EUR at stake] per open group. */
    openPoints: [string, string, string][];
  };
}
const cases = (JSON.parse(readFileSync(casesFile, "utf8")) as { cases: DeclarationCase[] }).cases;
const dir = mkdtempSync(path.join(tmpdir(), "tax-cli-decl-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run("npx", ["tsx", "tools/tax-cli/src/main.ts", ...args], { cwd: root });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

interface Output {
  years: Record<string, Record<string, string>>;
  lots: Record<string, unknown>[];
  openPoints: { asset: string; arrivalKind: string; eurAtStake: string }[];
}

describe("declarations through the command line", { timeout: 60_000 }, () => {
  it.each(cases.map((c) => [c.id, c] as const))("%s", async (_id, c) => {
    const r = await cli(["--input", casesFile, "--case", c.id, "--year", "2024", "--json"]);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout.trim().split("\n").at(-1) ?? "") as Output;
    expect(out.years).toEqual(c.expected.years);
    expect(out.lots).toEqual(c.expected.lots);
    expect(out.openPoints.map((g) => [g.asset, g.arrivalKind, g.eurAtStake])).toEqual(c.expected.openPoints);
  });

  const base = cases.find((c) => c.id === "airdrop-undeclared") as DeclarationCase;

  it("refuses a bad declaration with exit code 2 and the reason", async () => {
    const file = path.join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ events: base.events, declarations: [{ event: "sale", kind: "income" }] }));
    const r = await cli(["--input", file, "--year", "2024", "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/declarations\[0\]: kind: income only for an arrival \(type unknown-in\)/);
  });

  const { events } = simpleEventsToTaxEvents(base.events as SimpleEvent[]);
  it.each([
    [{ event: "nowhere", kind: "zero" }, /declarations\[0\]: event: no event with id or txHash nowhere/],
    [{ event: "drop", kind: "cost", eur: "-5", acquiredOn: "2021-01-01" }, /declarations\[0\]: eur: EUR as a string/],
    [{ event: "drop", kind: "cost", eur: "5", acquiredOn: "2008-12-31" }, /acquiredOn: a date from 2009-01-03 on/],
    [{ event: "drop", kind: "cost", eur: "5", acquiredOn: "2099-01-01" }, /acquiredOn: a date not after today/],
    [{ event: "drop", kind: "own-transfer", eur: "5", acquiredOn: "2021-01-01" }, /from: needed for own-transfer/],
    [{ event: "drop", kind: "zero", eur: "5" }, /eur: not a field of a zero declaration/],
    [{ event: "drop", kind: "gift" }, /kind: one of cost, zero, income, own-transfer, sacrifice/],
  ])("refuses %j with the reason", (declaration, reason) => {
    expect(() => cliDeclarations([declaration], events)).toThrow(reason);
  });
});
