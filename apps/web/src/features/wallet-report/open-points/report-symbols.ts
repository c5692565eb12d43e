import { CHAINS, type UnknownGroup, type WalletReportResult } from "@pulsemanager/core";

/**
 * The symbols the page knows by asset ("369:0xabc" -> "HEX"), to name the tokens of declarations
 * whose group is no longer on the list.
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
