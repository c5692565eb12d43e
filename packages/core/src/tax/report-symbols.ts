import { CHAINS } from "../chains/chains.ts";
import type { UnknownGroup } from "./declarations-api.ts";
import type { WalletReportResult } from "./report-api.ts";

/**
 * The symbols a report knows by asset ("369:0xabc" -> "HEX"), to name the tokens of declarations
 * (the page, whose groups may no longer be on the list, and the advisor PDF).
 */
export function reportSymbols(
  result: Pick<WalletReportResult, "holdings" | "unknownCosts" | "missingPrices">,
  groups: readonly Pick<UnknownGroup, "asset" | "symbol">[],
): Map<string, string> {
  const symbols = new Map<string, string>();
  for (const [id, chain] of Object.entries(CHAINS)) symbols.set(`${id}:native`, chain.nativeSymbol);
  for (const entry of [...result.holdings, ...result.unknownCosts, ...result.missingPrices, ...groups])
    symbols.set(entry.asset.toLowerCase(), entry.symbol);
  return symbols;
}
