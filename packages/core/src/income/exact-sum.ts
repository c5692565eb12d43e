/**
 * A running exact sum of decimal strings on bigint: the ROI figures add tens of thousands of payout
 * values, and one bigint addition is far cheaper than a decimal.js parse and add. The scale grows with
 * the most fractional digits seen, so no digit is lost.
 */
import { formatFixed, fractionDigits, parseFixed, pow10 } from "../tax/fixed.ts";

const PLAIN = /^-?\d+(\.\d+)?$/;

/** A decimal as an integer and its number of fractional digits. */
export type Scaled = { int: bigint; scale: number };

/** A decimal string as an integer and its number of fractional digits ("12.50" -> 1250n, 2). */
export function scaledOf(text: string): Scaled {
  if (PLAIN.test(text)) {
    const scale = fractionDigits(text);
    return { int: BigInt(scale === 0 ? text : text.replace(".", "")), scale };
  }
  // Exponent notation and other spellings: through the exact parser at a scale that keeps every digit.
  const e = /e([+-]?\d+)$/i.exec(text);
  const scale = fractionDigits(text.replace(/e.*$/i, "")) + Math.max(0, -(e ? Number(e[1]) : 0));
  return { int: parseFixed(text, scale), scale };
}

export class ExactSum {
  private int = 0n;
  private scale = 0;

  add(text: string): void {
    this.addScaled(scaledOf(text));
  }

  /** A value parsed once by scaledOf (added to several sums). */
  addScaled(v: Scaled): void {
    if (v.scale > this.scale) {
      this.int *= pow10(v.scale - this.scale);
      this.scale = v.scale;
    }
    this.int += v.scale < this.scale ? v.int * pow10(this.scale - v.scale) : v.int;
  }

  /** Exact, trailing zeros removed ("0" when nothing was added). */
  exact(): string {
    return formatFixed(this.int, this.scale);
  }

  /** Rounded half away from zero to `places` digits. */
  rounded(places: number): string {
    return formatFixed(this.int, this.scale, places);
  }

  /** -1, 0 or 1 as the sum compares with the whole number `whole` (bigint). */
  compareWhole(whole: bigint): number {
    const other = whole * pow10(this.scale);
    return this.int < other ? -1 : this.int > other ? 1 : 0;
  }
}
