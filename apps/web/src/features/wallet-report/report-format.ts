/**
 * Formatting for the wallet report. EUR values arrive as exact decimal strings ("1234.5", "-0.004",
 * "812.331234567"); they are rounded and grouped by string operations (core germanNumber: half away from
 * zero, no float on the way) - fast enough for every visible row of a 200,000-row table.
 */
import { type ConsumedLot, germanNumber, lotSymbol, type ReportTransaction } from "@pulsemanager/core";
import { explorerAddressUrl } from "../../lib/address.ts";

const NBSP = "\u00a0";
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

function isEnglish(language: string | undefined): boolean {
  return language?.startsWith("en") ?? false;
}

/** "1234567.891" -> "1.234.567,89" (de) / "1,234,567.89" (en); null or garbage -> null. */
export function formatDecimal(value: string | null | undefined, language: string, places = 2): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const german = germanNumber(trimmed, places);
  if (!isEnglish(language)) return german;
  let out = "";
  for (const ch of german) out += ch === "." ? "," : ch === "," ? "." : ch;
  return out;
}

/** EUR with 2 decimals: "1.234,56 €" (de), "€1,234.56" (en); null when unknown (never shown as 0). */
export function formatEur(value: string | null | undefined, language: string): string | null {
  const number = formatDecimal(value, language, 2);
  if (number === null) return null;
  if (!isEnglish(language)) return `${number}${NBSP}€`;
  return number.startsWith("-") ? `-€${number.slice(1)}` : `€${number}`;
}

/** A signed EUR amount for gains: "+12,30 €" / "-4,00 €" / "0,00 €". */
export function formatSignedEur(value: string | null | undefined, language: string): string | null {
  const formatted = formatEur(value, language);
  if (formatted === null) return null;
  if (formatted.startsWith("-")) return `−${formatted.slice(1)}`;
  return /[1-9]/.test(formatted) ? `+${formatted}` : formatted;
}

/** The sign of a decimal string: 1, -1 or 0 (after rounding to cents). */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  const formatted = value === null || value === undefined ? null : formatDecimal(value, "de", 2);
  if (formatted === null || !/[1-9]/.test(formatted)) return 0;
  return formatted.startsWith("-") ? -1 : 1;
}

/**
 * Token amounts (whole tokens, up to 18 decimals): at most 6 decimals, trailing zeros dropped, grouped
 * by the language. A tiny amount that would round to 0 keeps its first 4 significant digits (docs/product/design.md).
 */
export function formatAmount(value: string, language: string): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return value;
  const int = m[2] || "0";
  const frac = m[3] ?? "";
  if (/^0*$/.test(int) && /[1-9]/.test(frac) && /^0*$/.test(frac.slice(0, 6))) {
    const first = frac.search(/[1-9]/);
    const digits = frac.slice(first, first + 4).replace(/0+$/, "");
    const sep = isEnglish(language) ? "." : ",";
    return `${m[1]}0${sep}${"0".repeat(first)}${digits}`;
  }
  const rounded = formatDecimal(`${m[1]}${int}.${frac}`, language, 6) ?? value;
  const sep = isEnglish(language) ? "." : ",";
  const [whole, decimals = ""] = rounded.split(sep);
  const kept = decimals.replace(/0+$/, "");
  return kept ? `${whole}${sep}${kept}` : (whole ?? rounded);
}

/** A lot's quantity with its unit, the asset the lot is of: "20.000.000 PLS" for the PLS that paid a buy. */
export function lotQuantity(row: Pick<ReportTransaction, "description">, lot: ConsumedLot, language: string): string {
  return `${formatAmount(lot.amount, language)} ${lotSymbol(row, lot)}`;
}

/** "2024-03-15" -> "15.03.2024" (de) / "03/15/2024" (en); anything else as it is. */
export function formatReportDate(isoDay: string | null | undefined, language: string): string {
  if (!isoDay) return "–";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!m) return isoDay;
  return isEnglish(language) ? `${m[2]}/${m[3]}/${m[1]}` : `${m[3]}.${m[2]}.${m[1]}`;
}

/** "0x1234...abcd" for a transaction hash (first 6, last 4 as for addresses). */
export function shortHash(hash: string): string {
  return hash.length <= 14 ? hash : `${hash.slice(0, 6)}...${hash.slice(-4)}`;
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * The explorer page of a transaction: the same explorers as addresses (lib/address.ts: PulseChain
 * scan.pulsechain.com, Ethereum etherscan.io) with /tx/. Null for manual entries (no hash, no chain).
 */
export function explorerTxUrl(chainId: number | null, hash: string): string | null {
  if (chainId === null || !TX_HASH.test(hash)) return null;
  const addressPage = explorerAddressUrl(chainId, "0x");
  if (!addressPage) return null;
  return `${addressPage.slice(0, -"/address/0x".length)}/tx/${hash}`;
}

/** The i18n key of a steuerpflichtig value (Ja / Nein / Unbekannt). */
export function taxableKey(value: boolean | "unknown"): "taxable.yes" | "taxable.no" | "taxable.unknown" {
  return value === true ? "taxable.yes" : value === false ? "taxable.no" : "taxable.unknown";
}
