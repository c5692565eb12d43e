/**
 * The inputs of a wallet report: the address, the scope, the tax year, and whether an
 * analysis may start. Pure, so the rules are tested without a browser.
 */
import { offeredTaxYears, TAX_YEAR_MIN, taxYearMax, type WalletReportRequest } from "@pulsemanager/core";

export type ReportScope = "address" | "all";

/**
 * The scope the form shows: the one the user chose (or a reopened report's), else all saved wallets
 * when the user has some, else a single address (also while the saved wallets are still loading).
 */
export function shownReportScope(chosen: ReportScope | null, savedWallets: number | undefined): ReportScope {
  if (chosen) return chosen;
  return savedWallets !== undefined && savedWallets > 0 ? "all" : "address";
}

/** A message for the user: a key in the "wallet-report" namespace and its values. */
export interface ReportMessage {
  key: string;
  values?: Record<string, string | number>;
  /** Extra text from the server (shown below the message), e.g. a failed job's error. */
  detail?: string;
}

const ADDRESS = /^0x[0-9a-f]{40}$/;

/** Trimmed and lower-cased. */
export function normalizeAddress(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidAddress(raw: string): boolean {
  return ADDRESS.test(normalizeAddress(raw));
}

/** 'Ungültige Wallet-Adresse' once something is typed that is not 0x + 40 hex characters. */
export function addressError(raw: string): ReportMessage | null {
  if (raw.trim() === "") return null;
  return isValidAddress(raw) ? null : { key: "form.addressInvalid" };
}

/** The select's years (current year back to 2019) plus the chosen one when it lies outside. */
export function yearOptions(now: Date = new Date(), selected?: string): number[] {
  const years = offeredTaxYears(now);
  const chosen = Number(selected);
  if (selected && Number.isInteger(chosen) && !years.includes(chosen)) {
    return [...years, chosen].sort((a, b) => b - a);
  }
  return years;
}

/** Reports are for past years: the previous year is preselected. */
export function defaultTaxYear(now: Date = new Date()): number {
  return Math.max(TAX_YEAR_MIN, now.getUTCFullYear() - 1);
}

/**
 * An integer from 2009 to the current year plus 2. None chosen: 'Bitte ein Steuerjahr
 * auswählen'; else 'Ungültiges Jahr - muss zwischen 2009 und {max} liegen'.
 */
export function taxYearError(value: string, now: Date = new Date()): ReportMessage | null {
  if (value.trim() === "") return { key: "form.yearRequired" };
  const max = taxYearMax(now);
  if (!/^\d+$/.test(value.trim())) return { key: "form.yearInvalid", values: { min: TAX_YEAR_MIN, max } };
  const year = Number(value);
  if (year < TAX_YEAR_MIN || year > max) return { key: "form.yearInvalid", values: { min: TAX_YEAR_MIN, max } };
  return null;
}

export interface AnalysisInputs {
  scope: ReportScope;
  address: string;
  year: string;
  signedIn: boolean;
  running: boolean;
  /** Saved wallets of the user (scope "all" needs at least one). */
  savedWallets: number;
  now?: Date;
}

/**
 * Why an analysis cannot start now, or null when it can (a valid address, a signed-in
 * user, a valid year, no running analysis).
 */
export function analysisBlocker(inputs: AnalysisInputs): ReportMessage | null {
  if (inputs.running) return { key: "form.running" };
  if (!inputs.signedIn) return { key: "errors.notAuthenticated" };
  if (inputs.scope === "address") {
    if (inputs.address.trim() === "") return { key: "form.noWallet" };
    if (!isValidAddress(inputs.address)) return { key: "form.addressInvalid" };
  } else if (inputs.savedWallets === 0) {
    return { key: "form.noSavedWallets" };
  }
  return taxYearError(inputs.year, inputs.now);
}

/** The request body (docs/api.md: the original fields plus the year, the scope and the manual entries). */
export function reportRequest(
  scope: ReportScope,
  address: string,
  year: string,
  manualEntries: WalletReportRequest["manualEntries"] = [],
): WalletReportRequest {
  return {
    scope,
    ...(scope === "address" ? { walletAddress: normalizeAddress(address) } : {}),
    taxYear: Number(year),
    ...(manualEntries && manualEntries.length > 0 ? { manualEntries } : {}),
  };
}
