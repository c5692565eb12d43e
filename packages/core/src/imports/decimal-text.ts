import { D } from "../chains/amounts.ts";

/** The largest exponent of a number in scientific notation, and the longest number, an export may have. */
const MAX_EXPONENT = 40;
const MAX_DIGITS = 80;

/**
 * An exchange's number as an exact plain decimal string: optional sign, a currency sign or code
 * glued to it (`-€597.49`, `$70.00`, `2.00000000 ETH`), scientific notation from a spreadsheet
 * round trip (`3.605E-05`), float artefacts kept digit for digit. Undefined for anything else
 * (an empty cell, `-`, a formula, text), so the caller refuses the line instead of guessing.
 */
export function exchangeNumber(cell: string | undefined): string | undefined {
  if (cell === undefined) return undefined;
  let text = cell.trim().replace(/^([+-]?)\s*[€$£]\s*/u, "$1");
  text = text.replace(/\s+[A-Za-z][A-Za-z0-9.]*$/u, "");
  const shape = text.match(/^[+-]?(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?$/);
  // A spreadsheet's exponent stays small; a huge one is no amount (and would make a huge string).
  if (!shape || Math.abs(Number(shape[2] ?? 0)) > MAX_EXPONENT || text.length > MAX_DIGITS) return undefined;
  const value = new D(text);
  return value.isZero() ? "0" : value.toFixed();
}

/** The currency code glued to a Bitstamp-style cell (`2.00000000 ETH` -> ETH). */
export function cellCurrency(cell: string | undefined): string | undefined {
  return cell?.trim().match(/\s([A-Za-z][A-Za-z0-9.]*)$/u)?.[1];
}

/** The absolute value of an exact decimal string. */
export function absolute(amount: string): string {
  return amount.startsWith("-") ? amount.slice(1) : amount;
}

/** Whether an exact decimal string is below zero. */
export function isNegative(amount: string): boolean {
  return amount.startsWith("-") && /[1-9]/.test(amount);
}

/** Sum of exact decimal strings. */
export function sumOf(amounts: readonly string[]): string {
  return amounts.reduce((s, a) => s.add(a), new D(0)).toFixed();
}
