/**
 * One row of an exchange's or tax tool's export as the importers read it (docs/product/imports.md):
 * what left the account, what came in, the fees, the time, and the exchange's own words and ids.
 * A row may stand for several lines of the file (a Binance trade's fills and fee lines, a Kraken
 * trade's two ledger lines). Amounts are positive exact decimal strings; the direction is the leg.
 */

/** What a row is for the counts and, later, for the tax report. */
export const IMPORT_KINDS = ["trade", "deposit", "withdrawal", "reward", "other"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportedLeg {
  /** The ticker as the file writes it (Kraken's XXBT stays XXBT; mapping happens later). */
  asset: string;
  /** Positive, exact, as a plain decimal string (no exponent). */
  amount: string;
}

export interface ImportedRow {
  /** The file line (1-based, header and preamble counted) of the row's first line. */
  line: number;
  /**
   * ISO 8601. With `Z` or an offset when the file says UTC, carries an offset or names a zone;
   * without one ("2023-01-06T20:08:00") when the file gives local time of an unknown zone.
   */
  time: string;
  kind: ImportKind;
  /** The exchange's own word for the row ("Transaction Buy", "staking", "crypto_earn_interest_paid"). */
  operation: string;
  /** What left the account (a sale's asset, a withdrawal's). */
  out?: ImportedLeg;
  /** What came into the account (a purchase's asset, a deposit's, a reward's). */
  in?: ImportedLeg;
  /**
   * Further coins that left or came in with the same trade (Crypto.com's dust conversion of UNI and DOT
   * into CRO at one second: one trade, DOT in `alsoOut`).
   */
  alsoOut?: ImportedLeg[];
  alsoIn?: ImportedLeg[];
  /** Fees charged, each in its own asset (Binance often in BNB, neither side of the trade). */
  fees: ImportedLeg[];
  /** The row's value in fiat as the file states it (Crypto.com's native amount, Coinbase's subtotal). */
  fiatValue?: ImportedLeg;
  /** The exchange's own id of the row or trade, where the file has one. */
  externalId?: string;
  txHash?: string;
  /** The on-chain address of a deposit or withdrawal, where given. */
  address?: string;
  network?: string;
  note?: string;
}

/** Why a line of the file could not be read as a row (the page says it in the user's language). */
export const ROW_PROBLEMS = [
  "missing-time",
  "bad-time",
  "bad-number",
  "missing-field",
  "short-line",
  "unknown-operation",
] as const;
export type RowProblem = (typeof ROW_PROBLEMS)[number];

/** A line of the file that could not be read as a row: its number, why, and the cell or word at fault. */
export interface RefusedLine {
  line: number;
  problem: RowProblem;
  detail?: string;
}

/** Whether a time has a zone (Z or offset), i.e. is a fixed moment. */
export function isZoned(time: string): boolean {
  return /(Z|[+-]\d{2}:\d{2})$/.test(time);
}
