/**
 * npm run tax -- --input <file> [--account <name>] [--input <file> ...] --year <YYYY> [--out <file.csv>] [--json] [--case <id>]
 *
 * Runs the German tax engine of @pulsemanager/core on events in the simple format (README.md beside
 * this folder), prints the year's figures, optionally writes the spec's CSV export, and with --json
 * prints one JSON object as the last line.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  computeTaxReport,
  eurCents,
  FORK_COST_METHODS,
  type ForkCostMethod,
  PULSECHAIN_FORK,
  parseEur,
  type TaxReport,
  taxReportCsv,
  unknownGroups,
} from "@pulsemanager/core";
import { loadExchangeExport } from "./exchange-input.ts";
import { InputError, type LoadedInput, loadInputs } from "./input.ts";

const USAGE = `usage: npm run tax -- --input <events.json|events.csv|export.csv> [--account NAME] [--input ...] [--year YYYY] [--out report.csv] [--json] [--case ID] [--fork-cost zero|split]

  --input   events in the simple format (JSON: {"events": [...]}, a case, or a cases file with --case; or CSV),
            or an exchange's or tax tool's export (Binance, Coinbase, Kraken, ...): an account of its own;
            given several times, all files in one report
  --account the name of the account of the next exchange export (default: the exchange's name)
  --year    the tax year (German calendar); default: all years
  --out     write the transaction report as CSV (semicolons, BOM, German numbers and dates)
  --json    print the figures as one JSON line at the end: {"years": {...}, "lots": [...], ...}
  --case    pick a case by id from a file with "cases"
  --fork-cost  what the copies of a fork-copy cost: zero (0 EUR, the default) or split (the original's
               cost split by the market values of original and copy at the first time both have a price)`;

const cents = (exact: string | null) => (exact === null ? null : eurCents(parseEur(exact)));
const de = (s: string) => {
  const [int, frac] = s.split(".");
  return `${(int ?? "0").replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${frac ?? "00"}`;
};

function human(report: TaxReport): string[] {
  const lines: string[] = [];
  const s = report.summary;
  lines.push(
    `Steuerreport ${report.year ?? "alle Jahre"}: ${s.total} Transaktionen (${s.käufe} Kauf, ${s.verkäufe} Verkauf, ${s.tausch} Tausch, ${s.roi} ROI, ${s.unbekannt} Unbekannt)`,
  );
  for (const y of Object.values(report.years)) {
    if (report.year !== null && y.year !== report.year) continue;
    lines.push(`${y.year}:`);
    lines.push(
      `  §23 private Veräußerungsgeschäfte: steuerpflichtig ${de(y.gainTaxable)} EUR, steuerfrei ${de(y.gainTaxFree)} EUR`,
    );
    lines.push(
      `    Freigrenze ${de(y.freigrenze23)} EUR ${y.freigrenze23Crossed ? "erreicht" : "nicht erreicht"} -> zu versteuern ${de(y.gainTaxableAfterFreigrenze)} EUR`,
    );
    lines.push(
      `  §22 Nr. 3 Einkünfte (ROI): ${de(y.income22)} EUR; Freigrenze ${de(y.freigrenze22)} EUR ${y.freigrenze22Crossed ? "erreicht" : "nicht erreicht"} -> zu versteuern ${de(y.income22AfterFreigrenze)} EUR`,
    );
    if (y.unknownGains > 0 || y.missingPrices > 0)
      lines.push(
        `  UNVOLLSTÄNDIG: ${y.unknownGains} Verkaufsteile mit unbekanntem Gewinn, ${y.missingPrices} fehlende Preise`,
      );
  }
  if (report.missingPrices.length > 0) lines.push(`Fehlende Preise: ${report.missingPrices.length}`);
  if (report.unknownCosts.length > 0)
    lines.push(`Unbekannte Anschaffungskosten / Bestände: ${report.unknownCosts.length}`);
  const open = unknownGroups(report);
  if (open.length > 0) lines.push(`Offene Punkte: ${open.length} (Verkäufe mit unbekannter Anschaffung, siehe --json)`);
  lines.push(`Offene Bestände: ${report.holdings.length} Lots`);
  return lines;
}

function figures(report: TaxReport) {
  const years: Record<string, Record<string, string>> = {};
  for (const [y, f] of Object.entries(report.years)) {
    if (report.year !== null && f.year !== report.year) continue;
    years[y] = {
      gainTaxable: f.gainTaxable,
      gainTaxFree: f.gainTaxFree,
      gainTaxableAfterFreigrenze: f.gainTaxableAfterFreigrenze,
      income22: f.income22,
      income22AfterFreigrenze: f.income22AfterFreigrenze,
    };
  }
  const lots = report.transactions.flatMap((t) =>
    t.lots
      .filter((l) => l.use === "disposed")
      .map((l) => ({
        hash: t.hash,
        wallet: l.wallet,
        asset: l.asset,
        acquired: l.acquired,
        amount: l.amount,
        cost: cents(l.cost),
        proceeds: cents(l.proceeds),
        gain: cents(l.gain),
        taxFree: l.taxFree,
        ...(l.unknown ? { unknown: l.unknown } : {}),
      })),
  );
  return {
    years,
    lots,
    summary: report.summary,
    missingPrices: report.missingPrices.length,
    unknownCosts: report.unknownCosts.length,
    /** What keeps the year from being complete: the disposals of units of unknown acquisition, grouped. */
    openPoints: unknownGroups(report),
  };
}

/** The inputs read, or the exit code after naming what is wrong with them. */
function loadOrExit(files: string[], args: ReturnType<typeof parseArgs>["values"]): LoadedInput | number {
  try {
    const accounts = (args.account ?? []) as string[];
    return loadInputs(files, accounts, typeof args.case === "string" ? args.case : undefined, loadExchangeExport);
  } catch (error) {
    if (error instanceof InputError) {
      console.error(`input: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

function main(argv: string[]): number {
  let args: ReturnType<typeof parseArgs>["values"];
  try {
    args = parseArgs({
      args: argv,
      options: {
        input: { type: "string", short: "i", multiple: true },
        account: { type: "string", multiple: true },
        year: { type: "string", short: "y" },
        out: { type: "string", short: "o" },
        json: { type: "boolean" },
        case: { type: "string" },
        "fork-cost": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const files = (args.input ?? []) as string[];
  if (files.length === 0) {
    console.error(USAGE);
    return 2;
  }
  let year: number | undefined;
  if (args.year !== undefined) {
    year = Number(args.year);
    if (!/^\d{4}$/.test(String(args.year)) || year < 2009 || year > 2100) {
      console.error(`--year: a year from 2009, not ${String(args.year)}`);
      return 2;
    }
  }
  const forkCost = args["fork-cost"] ?? "zero";
  if (!(FORK_COST_METHODS as readonly unknown[]).includes(forkCost)) {
    console.error(`--fork-cost: zero or split, not ${String(forkCost)}`);
    return 2;
  }
  const input = loadOrExit(files, args);
  if (typeof input === "number") return input;
  // Assets "369:native" are PulseChain's: PLS missing after its fork is the sacrifice.
  const report = computeTaxReport(input.events, input.prices, {
    year,
    assets: input.assets,
    declared: input.declared,
    chainFork: PULSECHAIN_FORK,
    forkCost: forkCost as ForkCostMethod,
  });
  for (const line of human(report)) console.log(line);
  if (typeof args.out === "string") {
    const symbolOf = (asset: string) => input.assets(asset)?.symbol ?? asset;
    writeFileSync(args.out, taxReportCsv(report.transactions, { symbolOf }), "utf8");
    console.log(`CSV: ${args.out} (${report.transactions.length} Transaktionen, eine Zeile je verwendetem Lot)`);
  }
  if (args.json) console.log(JSON.stringify(figures(report)));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
