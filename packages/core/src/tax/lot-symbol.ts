/**
 * The symbol a lot line names: the asset the lot is OF (a buy paid with PLS uses PLS lots, a
 * liquidity deposit of PLSX uses PLSX lots), never the token the row received.
 */
import type { ConsumedLot, ReportTransaction } from "./types.ts";

/**
 * The lot's own symbol. Reports stored before lots carried it: the one asset the row gave (all its
 * lots are of it), else the lot's asset key (a token is its chain and address).
 */
export function lotSymbol(
  row: Pick<ReportTransaction, "description">,
  lot: Pick<ConsumedLot, "asset" | "symbol">,
): string {
  if (lot.symbol !== undefined) return lot.symbol;
  const given = row.description.given;
  return given.length === 1 ? (given[0]?.symbol ?? lot.asset) : lot.asset;
}
