import Decimal from "decimal.js";

/** Decimal with enough precision for 256-bit integers and prices. */
export const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -40, toExpPos: 80 });
export type Dec = InstanceType<typeof D>;

/** Base units (integer string or bigint) to a whole-token decimal. */
export function fromBaseUnits(raw: string | bigint, decimals: number): Dec {
  return new D(raw.toString()).div(new D(10).pow(decimals));
}

/** Whole tokens to base units, truncated toward zero. */
export function toBaseUnits(amount: string | Dec, decimals: number): bigint {
  const v = new D(amount).mul(new D(10).pow(decimals)).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  return BigInt(v.toFixed(0));
}

export function decimalString(value: Dec, places?: number): string {
  return places === undefined ? value.toFixed() : value.toFixed(places);
}
