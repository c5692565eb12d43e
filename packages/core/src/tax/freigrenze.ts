import { EUR_SCALE, pow10 } from "./fixed.ts";

const EUR = pow10(EUR_SCALE);

/** §23 Abs. 3 Satz 5 EStG: 600 EUR up to 2023, 1,000 EUR from 2024 (atto-euros). */
export function freigrenze23(year: number): bigint {
  return (year >= 2024 ? 1000n : 600n) * EUR;
}

/** §22 Nr. 3 Satz 2 EStG: 256 EUR (atto-euros). */
export function freigrenze22(_year: number): bigint {
  return 256n * EUR;
}

/**
 * A Freigrenze is a cliff, not an allowance: below it nothing is taxable, at or above it all of it
 * is. A net loss is never taxable (it stays in gainTaxable for the user's loss offsetting).
 */
export function afterFreigrenze(amount: bigint, limit: bigint): bigint {
  return amount >= limit ? amount : 0n;
}
