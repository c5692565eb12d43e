/**
 * The trade page's read-only quote (docs/api.md, "Trade quote"): GET /api/trade/quote asks the PulseX
 * routers on chain what a swap would give. The app never signs or sends a swap; it links to PulseX
 * or an aggregator with both tokens filled in. Validation messages are API error codes (core's list),
 * so the form and the server say the same thing in the user's language.
 */
import { z } from "zod";
import type { ApiErrorCode } from "../auth/api-errors.ts";
import { PULSECHAIN } from "../chains/chains.ts";
import { NATIVE } from "../chains/token-id.ts";
import { DECIMAL_INPUT_CODES, decimalInput } from "../numbers/decimal-input.ts";

/** The chains with PulseX routers to ask. */
export const TRADE_CHAINS = [PULSECHAIN] as const;
/** No ERC-20 has more decimals than this; a longer fraction is refused before the chain is asked. */
export const TRADE_MAX_DECIMALS = 18;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const POSITIVE_DECIMAL = /^\d{1,30}(\.\d+)?$/;

/** A token of the quote: a contract address (lower-cased) or "native" (PLS, quoted as WPLS). */
const tokenParam = z
  .string({ error: "TRADE_INVALID_TOKEN" satisfies ApiErrorCode })
  .trim()
  .refine((v) => v.toLowerCase() === NATIVE || ADDRESS.test(v), { message: "TRADE_INVALID_TOKEN" })
  .transform((v) => v.toLowerCase() as `0x${string}` | typeof NATIVE);

/** The decimal places of a positive decimal string (its fraction's length). */
export function decimalPlaces(amount: string): number {
  return amount.trim().split(".")[1]?.length ?? 0;
}

/** A positive decimal string ("12", "0.5"): no sign, no exponent, not zero. */
export function isPositiveDecimal(amount: string): boolean {
  const v = amount.trim();
  return POSITIVE_DECIMAL.test(v) && /[1-9]/.test(v);
}

/** ?chainId=&from=&to=&amount= (amount in whole tokens, read as typed: "1.000.000" too). */
export const tradeQuoteQuerySchema = z
  .object({
    chainId: z
      .string({ error: "TRADE_UNSUPPORTED_CHAIN" })
      .trim()
      .regex(/^\d{1,9}$/, { message: "TRADE_UNSUPPORTED_CHAIN" })
      .transform(Number)
      .refine((id) => (TRADE_CHAINS as readonly number[]).includes(id), { message: "TRADE_UNSUPPORTED_CHAIN" }),
    from: tokenParam,
    to: tokenParam,
    amount: z
      .string({ error: "TRADE_INVALID_AMOUNT" })
      .trim()
      .min(1, { message: "TRADE_INVALID_AMOUNT" })
      .pipe(decimalInput())
      .refine(isPositiveDecimal, { message: "TRADE_INVALID_AMOUNT" })
      .refine((v) => decimalPlaces(v) <= TRADE_MAX_DECIMALS, { message: "TRADE_TOO_MANY_DECIMALS" }),
  })
  .refine((q) => q.from !== q.to, { message: "TRADE_SAME_TOKEN", path: ["to"] });
export type TradeQuoteQuery = z.infer<typeof tradeQuoteQuerySchema>;

/** The error code a failed parse of the quote query answers with (its first problem). */
export function tradeQueryErrorCode(error: z.ZodError): ApiErrorCode {
  const first = error.issues[0]?.message;
  return first && (TRADE_ERROR_CODES as readonly string[]).includes(first)
    ? (first as ApiErrorCode)
    : "TRADE_INVALID_AMOUNT";
}

export const TRADE_ERROR_CODES = [
  "TRADE_UNSUPPORTED_CHAIN",
  "TRADE_INVALID_TOKEN",
  "TRADE_UNKNOWN_TOKEN",
  "TRADE_SAME_TOKEN",
  "TRADE_INVALID_AMOUNT",
  "TRADE_TOO_MANY_DECIMALS",
  "TRADE_NO_ROUTE",
  ...Object.values(DECIMAL_INPUT_CODES),
] as const satisfies readonly ApiErrorCode[];

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const quoteToken = z.object({
  /** "native" or the lower-case contract. */
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
});

/** One router and path that was asked; amountOut null when the router has no pool for it. */
export const tradeCandidateSchema = z.object({
  router: z.enum(["v1", "v2"]),
  path: z.array(z.string()),
  amountOut: decimal.nullable(),
});

export const tradeQuoteResponseSchema = z.object({
  chainId: z.number().int(),
  from: quoteToken,
  to: quoteToken,
  /** Whole tokens in, as asked. */
  amountIn: decimal,
  /** Whole tokens out, exact (the router's integer answer divided by 10^decimals). */
  amountOut: decimal,
  /** The best route: which PulseX router, and the token addresses it swaps through (WPLS for PLS). */
  route: z.object({ router: z.enum(["v1", "v2"]), routerAddress: z.string(), path: z.array(z.string()) }),
  /** In percent: how much less the amount out is than at the pools' mid price (swap fee included); null when the pools could not be read. */
  priceImpact: decimal.nullable(),
  /** Router and chain the quote comes from, e.g. "PulseX V2 router 0x… on PulseChain (369)". */
  source: z.string(),
  /** Every router and path asked, best first. */
  candidates: z.array(tradeCandidateSchema),
  /** The block the quote was read at. */
  blockNumber: z.string(),
});
export type TradeQuote = z.infer<typeof tradeQuoteResponseSchema>;
