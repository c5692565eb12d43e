/**
 * bestand-31-12-YYYY.csv: the holdings at 31 December per wallet and token (chain and address), with
 * amount, acquisition dates, cost and the value of that day (year-end-values.ts). An unknown value is
 * an empty field with its reason, never 0.
 */
import { chainName, germanAmount, germanDate, germanNumber, priceSourceLabel } from "@pulsemanager/core";
import { csvFile } from "./csv-file.ts";
import type { YearEndHolding, YearEndMissing } from "./year-end-values.ts";

export const HOLDINGS_COLUMNS = [
  "Wallet",
  "Chain",
  "Chain-ID",
  "Token",
  "Token-Adresse",
  "Menge",
  "Angeschafft von",
  "Angeschafft bis",
  "Posten",
  "Anschaffungskosten (EUR)",
  "Kurs 31.12. (USD)",
  "Preisquelle",
  "EZB-Kurs (USD je EUR)",
  "EZB-Kurs vom",
  "Wert 31.12. (EUR)",
  "Grund ohne Wert",
] as const;

const NUMERIC = new Set([2, 5, 8, 9, 10, 12, 14]);

const REASONS: Record<YearEndMissing, string> = {
  "not-yet": "der 31.12. liegt noch in der Zukunft",
  "no-price": "kein Kurs zum 31.12. gefunden",
  "no-eur-rate": "kein EZB-Referenzkurs zum 31.12. gefunden",
};

export function holdingsFileName(year: number): string {
  return `bestand-31-12-${year}.csv`;
}

export function holdingsCsv(holdings: readonly YearEndHolding[]): string {
  const rows = holdings.map((h) => [
    h.wallet,
    chainName(h.chainId),
    String(h.chainId),
    h.symbol,
    h.token,
    germanAmount(h.amount),
    h.acquiredFrom ? germanDate(h.acquiredFrom) : "unbekannt",
    h.acquiredTo ? germanDate(h.acquiredTo) : "unbekannt",
    String(h.lots),
    h.cost === null ? "" : germanNumber(h.cost),
    h.usdPrice === null ? "" : germanAmount(h.usdPrice),
    h.priceSource ? priceSourceLabel(h.priceSource, h.chainId, "de") : "",
    h.usdPerEur ? germanAmount(h.usdPerEur.rate) : "",
    h.usdPerEur ? germanDate(h.usdPerEur.rateDate) : "",
    h.value === null ? "" : germanNumber(h.value),
    h.missing ? REASONS[h.missing] : "",
  ]);
  return csvFile(HOLDINGS_COLUMNS, rows, NUMERIC);
}
