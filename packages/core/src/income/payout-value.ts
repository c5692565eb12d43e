/**
 * One ROI payout valued at receipt, exactly on bigint: amount in whole tokens, USD value and EUR value
 * to 8 places (half to even, as decimal.js's toDecimalPlaces(8) under the project's Decimal), and
 * whether it is dust (below ROI_MIN_USD). The tracker values tens of thousands of payouts per answer;
 * decimal.js parses and divisions per payout were most of its time.
 */
import { formatFixed, pow10 } from "../tax/fixed.ts";
import { type Scaled, scaledOf } from "./exact-sum.ts";
import { ROI_MIN_USD } from "./reward-senders.ts";

const PLACES = 8;
const MIN_USD = scaledOf(ROI_MIN_USD);

/** n / d rounded half to even (d > 0, n >= 0 or not). */
function divHalfEven(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const a = negative ? -n : n;
  let q = a / d;
  const twice = (a - q * d) * 2n;
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

export interface PayoutFigures {
  /** Whole tokens, exact. */
  amount: string;
  value: string | null;
  valueEur: string | null;
  dust: boolean;
}

/**
 * `raw`: base units; `usd`: USD per whole token (undefined: no price); `usdPerEur`: the ECB rate of the
 * German day (undefined: no EUR value).
 */
export function payoutFigures(
  raw: bigint,
  decimals: number,
  usd: Scaled | undefined,
  usdPerEur: Scaled | undefined,
): PayoutFigures {
  const amount = formatFixed(raw, decimals);
  if (!usd) return { amount, value: null, valueEur: null, dust: false };
  // The exact value is product / 10^scale.
  const product = raw * usd.int;
  const scale = decimals + usd.scale;
  const value8 = scale > PLACES ? divHalfEven(product, pow10(scale - PLACES)) : product * pow10(PLACES - scale);
  const dust = product * pow10(MIN_USD.scale) < MIN_USD.int * pow10(scale);
  let valueEur: string | null = null;
  if (usdPerEur && usdPerEur.int > 0n) {
    // EUR = product / 10^scale / (rate / 10^rateScale), to 8 places.
    const eur8 = divHalfEven(product * pow10(usdPerEur.scale + PLACES), usdPerEur.int * pow10(scale));
    valueEur = formatFixed(eur8, PLACES);
  }
  return { amount, value: formatFixed(value8, PLACES), valueEur, dust };
}
