/** Estimated compute units per kind of call (docs/product/diagnostics.md); an error costs 1. */
export type CallKind =
  | "price"
  | "balances"
  | "portfolio"
  | "transactions"
  | "metadata"
  | "rpc"
  | "fx"
  | "news"
  | "market";

const UNITS: Record<CallKind, number> = {
  price: 5,
  balances: 15,
  portfolio: 20,
  transactions: 40,
  metadata: 5,
  rpc: 5,
  fx: 1,
  news: 1,
  market: 2,
};

export const ERROR_COMPUTE_UNITS = 1;
/** Estimated cost per compute unit in USD. */
export const USD_PER_COMPUTE_UNIT = "0.001";

export function computeUnitsFor(kind: CallKind): number {
  return UNITS[kind];
}
