import { ETHEREUM, PULSECHAIN } from "../chains/chains.ts";
import { TokenRegistry } from "../chains/known-tokens.ts";
import { tokenKey } from "../chains/token-id.ts";

/**
 * An exchange's ticker as an asset of the tax report (docs/product/imports.md, "Assets"): mapped to a
 * chain token only where that is certain (the coin or token an exchange means by it exists on one
 * chain only, taken from the token registry by chain, never a symbol priced on a chain); every other
 * ticker stays an asset of the exchange accounts (`exchange:BTC`), valued by the file's fiat legs.
 */
const CERTAIN: Record<string, { chainId: number; symbol: string }> = {
  ETH: { chainId: ETHEREUM, symbol: "ETH" },
  PLS: { chainId: PULSECHAIN, symbol: "PLS" },
  USDC: { chainId: ETHEREUM, symbol: "USDC" },
  USDT: { chainId: ETHEREUM, symbol: "USDT" },
  DAI: { chainId: ETHEREUM, symbol: "DAI" },
  WBTC: { chainId: ETHEREUM, symbol: "WBTC" },
  PLSX: { chainId: PULSECHAIN, symbol: "PLSX" },
  INC: { chainId: PULSECHAIN, symbol: "INC" },
};

/** Kraken's own codes of the coins above and of the fiat currencies (XETH is ETH, ZEUR is EUR). */
const KRAKEN_CODES: Record<string, string> = {
  XETH: "ETH",
  XXBT: "BTC",
  XBT: "BTC",
  ZEUR: "EUR",
  ZUSD: "USD",
  ZGBP: "GBP",
  ZCHF: "CHF",
};

/** The currencies a row's fiat leg may be in (the ECB's reference currencies the app reads, and EUR). */
export const FIAT_CURRENCIES = new Set([
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "JPY",
  "AUD",
  "CAD",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
]);

/** The ticker as one name: upper case, Kraken's codes read. */
export function normalTicker(ticker: string): string {
  const upper = ticker.trim().toUpperCase();
  return KRAKEN_CODES[upper] ?? upper;
}

export function isFiat(ticker: string): boolean {
  return FIAT_CURRENCIES.has(normalTicker(ticker));
}

export interface ExchangeAsset {
  /** The engine's asset key: `1:native`, `1:0x…`, or `exchange:BTC`. */
  key: string;
  symbol: string;
  /** The chain token's decimals; undefined for an exchange-only asset (the amounts decide). */
  decimals?: number;
}

const BUILT_IN = new TokenRegistry();

/** The report's asset of a (non-fiat) ticker, its chain token found in `registry` (default: the built-in list). */
export function exchangeAsset(ticker: string, registry: TokenRegistry = BUILT_IN): ExchangeAsset {
  const symbol = normalTicker(ticker);
  const certain = CERTAIN[symbol];
  const token = certain && registry.bySymbol(certain.chainId, certain.symbol);
  if (!token) return { key: `exchange:${symbol}`, symbol };
  return { key: tokenKey(token.chainId, token.address), symbol, decimals: token.decimals };
}
