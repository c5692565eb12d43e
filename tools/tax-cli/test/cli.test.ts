/**
 * Every worked tax case through the command line, to the cent: one process per case and
 * year (`npx tsx tools/tax-cli/src/main.ts --input <case.json> --year Y --json`), comparing the last JSON
 * line with expected.years and, where the case lists them, the lots. Also the CSV input, the CSV
 * export and the errors.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
/** The worked cases file kept beside the repository (CI places it there); the copy in fixtures otherwise. */
const sharedCases = path.resolve(root, "../shared/tax-cases/cases.json");
const casesFile = existsSync(sharedCases) ? sharedCases : path.join(here, "fixtures/tax-cases.json");

interface Case {
  id: string;
  events: unknown[];
  expected: {
    years: Record<string, Record<string, string>>;
    lots?: { acquired: string; amount: string; cost: string; proceeds: string; gain: string; taxFree: boolean }[];
  };
}

const cases = (JSON.parse(readFileSync(casesFile, "utf8")) as { cases: Case[] }).cases;
const dir = mkdtempSync(path.join(tmpdir(), "tax-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run("npx", ["tsx", "tools/tax-cli/src/main.ts", ...args], { cwd: root, maxBuffer: 64 << 20 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

function lastJson(stdout: string): {
  years: Record<string, Record<string, string>>;
  lots: Record<string, unknown>[];
  summary: Record<string, unknown>;
} {
  const last = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last);
}

/** Splits a CSV line at semicolons outside quotes. */
function cells(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ";" && !quoted) {
      out.push(field);
      field = "";
      continue;
    }
    field += ch;
  }
  out.push(field);
  return out;
}

/** Sum of "Gewinn/Verlust (EUR)" over the lines marked taxable ("Ja") whose sale falls in `year`, as "1234.56". */
function taxableGainSum(csv: string, year: string): string {
  const lines = csv.slice(1).trimEnd().split("\r\n");
  const header = cells(lines[0] as string);
  const col = (name: string) => header.indexOf(name);
  let cents = 0n;
  for (const line of lines.slice(1)) {
    const f = cells(line);
    const gain = f[col("Gewinn/Verlust (EUR)")] ?? "";
    if (f[col("Steuerpflichtig")] !== "Ja" || !/\d/.test(gain) || !f[col("Datum")]?.endsWith(year)) continue;
    cents += BigInt(gain.replace(/\./g, "").replace(",", ""));
  }
  const negative = cents < 0n;
  const abs = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

const perYear = cases.flatMap((c) => Object.keys(c.expected.years).map((year) => ({ c, year })));

describe(`worked cases through the command line (${path.relative(root, casesFile)})`, () => {
  it("has cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(9);
  });

  it.each(perYear.map(({ c, year }) => [c.id, year, c] as const))("%s, %s", async (_id, year, c) => {
    const file = path.join(dir, `${c.id}.json`);
    const csvFile = path.join(dir, `${c.id}-${year}.csv`);
    writeFileSync(file, JSON.stringify(c));
    const r = await cli(["--input", file, "--year", year, "--json", "--out", csvFile]);
    expect(r.code, r.stderr).toBe(0);
    const out = lastJson(r.stdout);
    expect(out.years).toEqual({ [year]: c.expected.years[year] });
    // The advisor can check the year's §23 figure from the file: its taxable lines add up to it.
    const expected = c.expected.years[year]?.gainTaxable;
    if (expected !== undefined) expect(taxableGainSum(readFileSync(csvFile, "utf8"), year)).toBe(expected);
    if (c.expected.lots) {
      const lots = out.lots.map(({ acquired, amount, cost, proceeds, gain, taxFree }) => ({
        acquired,
        amount,
        cost,
        proceeds,
        gain,
        taxFree,
      }));
      expect(lots).toEqual(c.expected.lots);
    }
  });
});

describe("command line input and output", () => {
  const first = cases.find((c) => c.id === "fifo-two-lots-fee-split") as Case;

  it("reads the same events as CSV (comma or semicolon, empty cells)", async () => {
    const file = path.join(dir, "events.csv");
    writeFileSync(
      file,
      [
        "time;wallet;type;asset;amount;eur;feeEur;toAsset;toAmount;toWallet",
        "2025-01-01T12:00:00+01:00;W1;buy;A;1;100;1;;;",
        "2026-01-01T12:00:00+01:00;W1;buy;A;1;200;1;;;",
        "2026-06-01T12:00:00+02:00;W1;sell;A;1.5;450;3;;;",
      ].join("\n"),
    );
    const r = await cli(["--input", file, "--year", "2026", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(lastJson(r.stdout).years).toEqual(first.expected.years);
  });

  it("writes the spec's CSV export", async () => {
    const input = path.join(dir, "swap.json");
    const c = cases.find((x) => x.id === "swap-is-disposal-and-acquisition") as Case;
    writeFileSync(input, JSON.stringify({ events: c.events }));
    const out = path.join(dir, "report.csv");
    const r = await cli(["--input", input, "--year", "2024", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const csv = readFileSync(out, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Hash;Typ;Coin;Steuerpflichtig;Haltefrist;Wert (EUR);Token Adresse;Von Adresse;An Adresse;Datum;Transaktionsgebühr;Beschreibung;" +
        "Chain;Wallet;Menge;Token;Anschaffungsdatum;Anschaffungskosten (EUR);Veräußerungserlös (EUR);Gewinn/Verlust (EUR);Haltedauer (Tage);Preisquelle",
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(cells(line)).toHaveLength(22);
    // The swap's line is its one lot: 1,000 A bought on 10 Jan 2024, its cost, proceeds and gain, 143 days held.
    expect(cells(lines[2] as string).slice(13, 21)).toEqual([
      "W1",
      "1.000",
      "A",
      "10.01.2024",
      "100,00",
      "300,00",
      "200,00",
      "143",
    ]);
    expect(lines[1]?.split(";").slice(0, 6)).toEqual(["event-1", "Kauf", "A", "Nein", "10.01.2025", "100,00"]);
    // The swap: a disposal of A inside the year (taxable), an acquisition of B from 1 June 2024.
    expect(lines[2]?.split(";").slice(0, 6)).toEqual(["event-2", "Tausch", "A → B", "Ja", "01.06.2025", "300,00"]);
    expect(lines[2]?.split(";")[9]).toBe("01.06.2024");
  });

  it("picks a case from a cases file with --case", async () => {
    const r = await cli(["--input", casesFile, "--case", "income-becomes-a-lot", "--year", "2024", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const c = cases.find((x) => x.id === "income-becomes-a-lot") as Case;
    expect(lastJson(r.stdout).years).toEqual(c.expected.years);
  });

  it("refuses bad input with exit code 2 and says why", async () => {
    const file = path.join(dir, "bad.json");
    writeFileSync(
      file,
      JSON.stringify({ events: [{ time: "2024-01-01 12:00", wallet: "W1", type: "buy", asset: "A", amount: "1" }] }),
    );
    const r = await cli(["--input", file, "--year", "2024"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("time");
    const noArgs = await cli([]);
    expect(noArgs.code).toBe(2);
    expect(noArgs.stderr).toContain("usage");
  });

  it("always has the report year's row, zeros when nothing happened in it", async () => {
    const file = path.join(dir, "quiet.json");
    writeFileSync(
      file,
      JSON.stringify({
        events: [{ time: "2024-01-10T12:00:00+01:00", wallet: "W1", type: "buy", asset: "A", amount: "1", eur: "100" }],
      }),
    );
    const r = await cli(["--input", file, "--year", "2025", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(lastJson(r.stdout).years["2025"]).toMatchObject({ gainTaxable: "0.00", income22: "0.00" });
  });

  it.each([
    [
      "a time in milliseconds",
      [{ time: 1_710_522_000_000, wallet: "W1", type: "buy", asset: "A", amount: "1", eur: "1" }],
      /event 1: time: looks like milliseconds/,
    ],
    [
      "a time before 2009",
      [{ time: "2008-12-31T12:00:00+01:00", wallet: "W1", type: "buy", asset: "A", amount: "1", eur: "1" }],
      /event 1: time: before 2009/,
    ],
    [
      "a time after next year",
      [{ time: "2099-01-01T12:00:00+01:00", wallet: "W1", type: "buy", asset: "A", amount: "1", eur: "1" }],
      /event 1: time: in 2099, after next year/,
    ],
    [
      "an amount as a JSON number",
      [
        {
          time: "2024-01-01T12:00:00+01:00",
          wallet: "W1",
          type: "buy",
          asset: "A",
          // Written into the file as a bare JSON number (see below).
          amount: "RAW:12345678901234567890",
          eur: "1",
        },
      ],
      /event 1: amount: write it as a string/,
    ],
    [
      "a swap into the same asset",
      [
        {
          time: "2024-01-01T12:00:00+01:00",
          wallet: "W1",
          type: "swap",
          asset: "A",
          amount: "1",
          toAsset: "A",
          toAmount: "2",
        },
      ],
      /event 1: toAsset: a swap into the same asset/,
    ],
    ["no events", [], /holds no events/],
  ])("refuses %s with exit code 2 and the reason", async (_name, events, message) => {
    const file = path.join(dir, "edge.json");
    writeFileSync(file, JSON.stringify({ events }).replace(/"RAW:(\d+)"/g, "$1"));
    const r = await cli(["--input", file, "--year", "2024"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("refuses an empty file, null, [] and a CSV with only its header", async () => {
    for (const [name, content, message] of [
      ["empty.json", "", /is empty/],
      ["null.json", "null", /expected an object with an events array/],
      ["array.json", "[]", /holds no events/],
      ["header.csv", "time;wallet;type;asset;amount\n", /holds no events/],
    ] as const) {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      const r = await cli(["--input", file, "--year", "2024"]);
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toMatch(message);
    }
    // A CSV's problems name the line.
    const bad = path.join(dir, "badline.csv");
    writeFileSync(
      bad,
      "time;wallet;type;asset;amount\n2024-01-01T12:00:00+01:00;W1;buy;A;1\n1710522000000;W1;buy;A;1\n",
    );
    const r = await cli(["--input", bad, "--year", "2024"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 3: time: looks like milliseconds/);
  });

  it("reports a missing price as missing, not as zero", async () => {
    const file = path.join(dir, "missing.json");
    writeFileSync(
      file,
      JSON.stringify({
        events: [
          { time: "2024-01-10T12:00:00+01:00", wallet: "W1", type: "buy", asset: "A", amount: "1", eur: "100" },
          { time: "2024-02-10T12:00:00+01:00", wallet: "W1", type: "sell", asset: "A", amount: "1" },
        ],
      }),
    );
    const r = await cli(["--input", file, "--year", "2024", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = lastJson(r.stdout);
    expect(out.lots[0]).toMatchObject({ gain: null, unknown: "missing-price" });
    expect(out.summary.missingPrices).toBe(1);
    expect(r.stdout).toContain("UNVOLLSTÄNDIG");
  });
});
