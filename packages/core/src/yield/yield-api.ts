/**
 * The yield optimizer page shows examples only (docs/product/shell-and-pages.md, "Yield optimizer"):
 * PulseX pools with their liquidity-provider fee APR, computed from the pool's reserves and the
 * swaps of the last 24 hours read on chain. No advice, no promise: past fees, one formula.
 */
import { z } from "zod";
import { D, type Dec } from "../chains/amounts.ts";

/** The swaps counted: the last 24 hours before the newest block. */
export const YIELD_WINDOW_HOURS = 24;
const HOURS_PER_YEAR = 365 * 24;

const decimal = z.string().regex(/^\d+(\.\d+)?$/);

export const yieldExampleSchema = z.object({
  pair: z.string(),
  dex: z.enum(["v1", "v2"]),
  token: z.object({ address: z.string(), symbol: z.string() }),
  /** The pool's other side: WPLS. */
  quote: z.object({ address: z.string(), symbol: z.string() }),
  /** Whole WPLS in the pool; the liquidity is twice that (both sides are worth the same). */
  reserveWpls: decimal,
  liquidityWpls: decimal,
  /** Swaps in the window, and their inputs in WPLS (token inputs at the pool's current price). */
  swaps: z.number().int(),
  volumeWpls: decimal,
  /** The share of each swap's input the liquidity providers keep, in percent. */
  lpFeePercent: decimal,
  feesWpls: decimal,
  /** fees / liquidity x (hours per year / window hours) x 100; null when the swaps could not be read. */
  feeAprPercent: decimal.nullable(),
});
export type YieldExample = z.infer<typeof yieldExampleSchema>;

/** GET /api/yield/examples */
export const yieldExamplesResponseSchema = z.object({
  chainId: z.number().int(),
  windowHours: z.number().int(),
  /** The window's blocks and the newest block's time (ISO). */
  fromBlock: z.string(),
  toBlock: z.string(),
  asOf: z.string(),
  examples: z.array(yieldExampleSchema),
});
export type YieldExamplesResponse = z.infer<typeof yieldExamplesResponseSchema>;

/** The fee APR in percent, 2 places: fees over the window as a share of liquidity, scaled to a year (not compounded). */
export function feeAprPercent(feesWpls: Dec, liquidityWpls: Dec, windowHours: number): string | null {
  if (liquidityWpls.isZero() || windowHours <= 0) return null;
  return feesWpls.div(liquidityWpls).mul(new D(HOURS_PER_YEAR).div(windowHours)).mul(100).toDecimalPlaces(2).toFixed();
}
