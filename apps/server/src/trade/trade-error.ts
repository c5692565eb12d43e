import type { ApiErrorCode } from "@pulsemanager/core";

/** A quote that cannot be given, with the code and the English text the route answers with (400). */
export class TradeError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The English text of each trade validation code (the web app shows its own translation of the code). */
export const TRADE_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  TRADE_UNSUPPORTED_CHAIN: "Quotes are available for PulseChain (chain 369) only.",
  TRADE_INVALID_TOKEN: "Please choose a token or enter a contract address (0x followed by 40 hex characters).",
  TRADE_UNKNOWN_TOKEN: "This address is not a token on this chain.",
  TRADE_SAME_TOKEN: "Please choose two different tokens.",
  TRADE_INVALID_AMOUNT: "Please enter an amount greater than 0 (e.g. 12.5).",
  TRADE_TOO_MANY_DECIMALS: "The amount has more decimal places than the token has.",
  TRADE_NO_ROUTE: "PulseX has no pool for this pair, neither directly nor via WPLS.",
  NUMBER_REQUIRED: "Please enter an amount.",
  NUMBER_INVALID: "The amount is not a number (e.g. 1234.56).",
  NUMBER_GROUPING: "The amount's thousands separators are in the wrong place.",
  NUMBER_AMBIGUOUS: "The amount is ambiguous (1,234): send it with a decimal point and no grouping.",
};
