import {
  type ApiErrorCode,
  D,
  DECIMAL_INPUT_CODES,
  type Dec,
  NATIVE,
  type NumberLocale,
  type PortfolioResult,
  PULSECHAIN,
  parseDecimalInput,
  tradeQueryErrorCode,
  tradeQuoteQuerySchema,
} from "@pulsemanager/core";

/** A token to trade: from the user's holdings, or a typed contract address (chain + address). */
export interface TradeToken {
  chainId: number;
  /** "native" or the lower-case contract. */
  address: string;
  symbol: string;
  /** Known for holdings; a typed address's decimals are checked by the server. */
  decimals: number | null;
  /** Whole tokens held over all wallets, for holdings. */
  balance: string | null;
}

export interface TradeFormInput {
  from: string;
  to: string;
  /** As typed, in the user's number format ("1.000.000", "12,5"). */
  amount: string;
  fromDecimals: number | null;
  locale: NumberLocale;
}

/** The typed amount as the exact decimal the server reads ("1.234,5" -> "1234.5"); unreadable text as typed. */
export function normalizeAmount(amount: string, locale: NumberLocale): string {
  const read = parseDecimalInput(amount, locale);
  return read.ok ? read.value : amount.trim();
}

/**
 * The first problem of the form, as the server's code (the same message either way), or null. The
 * same schema as the server; too many decimals also against the chosen holding's decimals.
 */
export function tradeFormProblem(input: TradeFormInput): ApiErrorCode | null {
  const read = parseDecimalInput(input.amount, input.locale);
  if (!read.ok) return read.problem === "empty" ? "TRADE_INVALID_AMOUNT" : DECIMAL_INPUT_CODES[read.problem];
  const amount = read.value;
  const parsed = tradeQuoteQuerySchema.safeParse({
    chainId: String(PULSECHAIN),
    from: input.from,
    to: input.to,
    amount,
  });
  if (!parsed.success) return tradeQueryErrorCode(parsed.error);
  const places = amount.split(".")[1]?.length ?? 0;
  if (input.fromDecimals !== null && places > input.fromDecimals) return "TRADE_TOO_MANY_DECIMALS";
  return null;
}

/** The query string of GET /api/trade/quote. */
export function quoteQueryString(input: TradeFormInput): string {
  const params = new URLSearchParams({
    chainId: String(PULSECHAIN),
    from: input.from.trim().toLowerCase(),
    to: input.to.trim().toLowerCase(),
    amount: normalizeAmount(input.amount, input.locale),
  });
  return params.toString();
}

/**
 * The user's priced PulseChain holdings as trade choices: one per token (balances of all wallets
 * added), largest value first. Unpriced ones (often hundreds of airdrops) can be typed by address.
 */
export function holdingChoices(portfolio: PortfolioResult | undefined): TradeToken[] {
  if (!portfolio) return [];
  const byAddress = new Map<string, { token: TradeToken; value: Dec }>();
  for (const h of portfolio.tokens) {
    if (h.chainId !== PULSECHAIN || !(h.hasReliablePrice || h.contractAddress === NATIVE)) continue;
    const seen = byAddress.get(h.contractAddress);
    if (seen) {
      seen.token.balance = new D(seen.token.balance ?? "0").plus(h.balance).toFixed();
      seen.value = seen.value.plus(h.value);
      continue;
    }
    const token: TradeToken = {
      chainId: PULSECHAIN,
      address: h.contractAddress,
      symbol: h.symbol,
      decimals: h.contractAddress === NATIVE ? 18 : h.decimals,
      balance: h.balance,
    };
    byAddress.set(h.contractAddress, { token, value: new D(h.value) });
  }
  return [...byAddress.values()].sort((a, b) => b.value.comparedTo(a.value)).map((x) => x.token);
}
