/**
 * What the ROI tracker calls things (pure): a paying contract by the token it pays for, a payout's
 * wallet by its nickname.
 */
import type { RoiSourceOwner } from "@pulsemanager/core";

export { walletName } from "../wallets/index.ts";

/** A key of the "roi" namespace and its symbol: "PLSX-Drucker" / "PLSX printer", "HEXP-Dividenden" / "HEXP dividends". */
export interface SourceName {
  key: "sourceName.printer" | "sourceName.dividends" | "sourceName.payer";
  symbol: string;
}

/**
 * A printer (found by its token's distributor()) is named by what it prints, the reward token; a
 * dividend tracker by the token whose holders it pays; a payer named otherwise by that token. Null
 * when no token names it (a sender the operator or the user listed): the address is shown.
 */
export function sourceName(source: { sourceOwner: RoiSourceOwner | null; tokenSymbol: string }): SourceName | null {
  const owner = source.sourceOwner;
  if (!owner) return null;
  if (owner.getter === "distributor") return { key: "sourceName.printer", symbol: source.tokenSymbol };
  if (owner.getter === "dividendTracker") return { key: "sourceName.dividends", symbol: owner.symbol };
  return { key: "sourceName.payer", symbol: owner.symbol };
}
