import { divRoundPow10, EUR_SCALE, pow10 } from "./fixed.ts";

const CENT_DIGITS = EUR_SCALE - 2;
const CENT_SCALE = pow10(CENT_DIGITS); // atto-euros per cent

function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/**
 * Exact EUR values (atto) in whole cents that add up to their rounded sum: each is rounded down and the
 * cents the rounding lost go to the values with the largest remainders (largest remainder method).
 * So the lines of a table add up to the total printed under it, to the cent.
 */
export function centsSummingToTotal(values: readonly bigint[]): bigint[] {
  const total = values.reduce((sum, v) => sum + v, 0n);
  const floors = values.map((v) => floorDiv(v, CENT_SCALE));
  let missing = divRoundPow10(total, CENT_DIGITS) - floors.reduce((sum, c) => sum + c, 0n);
  const byRemainder = values
    .map((v, i) => ({ i, rest: v - (floors[i] as bigint) * CENT_SCALE }))
    .sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of byRemainder) {
    if (missing <= 0n) break;
    floors[i] = (floors[i] as bigint) + 1n;
    missing--;
  }
  return floors;
}
