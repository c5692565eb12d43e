/**
 * The package for the tax advisor (GET /api/wallet-report/:id/package): one ZIP of a finished report
 * with the advisor PDF (German, the same builder as the browser's: packages/report-files), the
 * per-lot CSV (core's taxReportCsv, the page's export), the holdings at 31 December valued, the §22
 * income lines, the wallets and how far they were read, the user's declarations, the settings, the
 * Anlage SO lines (JSON) and a README.txt. Docs: docs/product/tax-report.md, "Paket für die Steuerberatung".
 */
import {
  anlageSoForm,
  anlageSoLines,
  NATIVE,
  reportCompleteness,
  reportYearFigures,
  taxReportCsv,
  taxReportFileName,
  type WalletReportResult,
} from "@pulsemanager/core";
import { advisorPdfFileName, advisorPdfLabels, buildAdvisorPdf } from "@pulsemanager/report-files";
import { strToU8, type Zippable, zipSync } from "fflate";
import type { ChainServices } from "../../chain/services.ts";
import { readSyncMarks } from "../../chain/sync/sync-mark.ts";
import type { Db } from "../../db/client.ts";
import { readIncomeChoices } from "../../income-choices/income-choice-store.ts";
import { assetFacts } from "../../ledger/token-facts.ts";
import type { Logger } from "../../logger.ts";
import { readTokenChoices } from "../../token-choices/token-choice-store.ts";
import { anlageSoFileName, anlageSoJson } from "./anlage-so-json.ts";
import { declarationsCsv, declarationsJson } from "./declarations-files.ts";
import { holdingsCsv, holdingsFileName } from "./holdings-csv.ts";
import { incomeCsv, incomeFileName } from "./income-csv.ts";
import { type PackageFileNames, readmeText } from "./readme-text.ts";
import { settingsJson } from "./settings-json.ts";
import { walletsCsv } from "./wallets-csv.ts";
import { yearEndValues } from "./year-end-values.ts";

export interface PackageDeps {
  db: Db;
  chain: Pick<ChainServices, "historicalPrices" | "fx" | "registry" | "clients">;
  logger: Logger;
  now: () => Date;
}

export interface AdvisorPackage {
  fileName: string;
  bytes: Uint8Array;
}

/** steuerberatung_0x1234_2024_2025-03-01.zip: like the CSV's name (core taxReportFileName). */
export function packageFileName(result: Pick<WalletReportResult, "address" | "year">, date: Date): string {
  return taxReportFileName(result.address, date, result.year)
    .replace(/^steuerreport_/, "steuerberatung_")
    .replace(/\.csv$/, ".zip");
}

/** The holdings at 31 December with their values (the token facts give the pools' step the decimals). */
async function valuedHoldings(deps: PackageDeps, result: WalletReportResult) {
  const tokens = new Map<number, string[]>();
  for (const lot of result.holdings) {
    const [chain, token = ""] = lot.asset.split(":");
    if (token !== NATIVE) tokens.set(Number(chain), [...(tokens.get(Number(chain)) ?? []), token]);
  }
  const facts = await assetFacts(deps, tokens);
  return yearEndValues(
    { ...deps.chain, logger: deps.logger, now: deps.now, decimalsOf: (asset) => facts.get(asset)?.decimals ?? 18 },
    result.year,
    result.holdings,
  );
}

/** Every file of the package for `userId`'s finished report `result`, zipped. */
export async function buildAdvisorPackage(
  deps: PackageDeps,
  userId: string,
  result: WalletReportResult,
): Promise<AdvisorPackage> {
  const now = deps.now();
  const packagedAt = now.toISOString();
  const lines = anlageSoLines(result.transactions, result.year);
  const [pdf, holdings, marks, tokenChoices, incomeChoices] = await Promise.all([
    buildAdvisorPdf(result, "de", advisorPdfLabels("de"), lines),
    valuedHoldings(deps, result),
    readSyncMarks(deps.db, result.meta.wallets),
    readTokenChoices(deps.db, userId),
    readIncomeChoices(deps.db, userId),
  ]);
  const names: PackageFileNames = {
    pdf: advisorPdfFileName(result, now),
    lotsCsv: taxReportFileName(result.address, now, result.year),
    holdingsCsv: holdingsFileName(result.year),
    incomeCsv: incomeFileName(result.year),
    anlageSoJson: anlageSoFileName(result.year),
  };
  const declarations = result.meta.declarations;
  const files: Zippable = {
    "README.txt": strToU8(readmeText(result, names, packagedAt)),
    [names.pdf]: [pdf, { level: 0 }],
    [names.lotsCsv]: strToU8(taxReportCsv(result.transactions)),
    [names.holdingsCsv]: strToU8(holdingsCsv(holdings)),
    [names.incomeCsv]: strToU8(incomeCsv(lines, reportCompleteness(result).state)),
    "wallets.csv": strToU8(walletsCsv(result.meta, marks)),
    "angaben.csv": strToU8(declarationsCsv(declarations ?? [])),
    "angaben.json": strToU8(declarationsJson(declarations)),
    [names.anlageSoJson]: strToU8(anlageSoJson(anlageSoForm(result.year, reportYearFigures(result), lines))),
    "einstellungen.json": strToU8(settingsJson({ meta: result.meta, tokenChoices, incomeChoices, packagedAt })),
  };
  return { fileName: packageFileName(result, now), bytes: zipSync(files, { level: 6, mtime: now }) };
}
