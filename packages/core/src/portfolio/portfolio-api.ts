import { z } from "zod";
import { PRICE_SOURCES } from "../chains/price.ts";
import { positionSchema, positionTotalsSchema } from "../positions/positions-api.ts";
import { EXCLUSION_REASONS } from "../tokens/exclusion.ts";

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A token holding; amounts and values are decimal strings, never floats. */
export const tokenHoldingSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** "native" for PLS/ETH, else the lower-case contract. */
  contractAddress: z.string(),
  decimals: z.number().int(),
  /** Whole tokens. */
  balance: decimal,
  /** USD per whole token; null without any price. */
  price: decimal.nullable(),
  /** balance x price in USD (0 without a price). */
  total_usd: decimal,
  value: decimal,
  hasReliablePrice: z.boolean(),
  priceSource: z.enum(PRICE_SOURCES),
  /** Why the price is not trusted or where it came from, for the one-click explanation. */
  priceNote: z.string().nullable(),
  /** Above 0.001 tokens without a reliable price: flagged and not in the total. */
  priceWarning: z.boolean(),
  isIncludedInPortfolio: z.boolean(),
  holdingRank: z.number().int(),
  percentageOfPortfolio: decimal,
  walletAddress: z.string(),
  chainId: z.number().int(),
  /** No price and never sent by the wallet (isUnpricedUnsoldAirdrop): hidden in the table by default. */
  unpricedAirdrop: z.boolean().default(false),
});
export type TokenHolding = z.infer<typeof tokenHoldingSchema>;

/** The euro reference rate values are converted with (see fx/display-money). */
export const displayRateSchema = z.object({
  usdPerEur: decimal,
  rateDate: z.string(),
  source: z.string(),
});

/**
 * Why an address could not be (fully) read on a chain: the node or explorer did not answer, answered
 * too late, refused for too many requests, or failed otherwise. Its value there is not known (never 0).
 */
export const READ_FAILURE_REASONS = ["unreachable", "timeout", "rate_limited", "error"] as const;
export type ReadFailureReason = (typeof READ_FAILURE_REASONS)[number];

/** The addresses a chain's read missed, and why. */
export const readFailureSchema = z.object({
  chainId: z.number().int(),
  walletAddresses: z.array(z.string()),
  reason: z.enum(READ_FAILURE_REASONS),
});
export type ReadFailure = z.infer<typeof readFailureSchema>;

/** What one address holds on one chain (included value, USD); `readFailure` set: not read, the value is unknown. */
export const walletChainValueSchema = z.object({
  chainId: z.number().int(),
  value: decimal,
  readFailure: z.enum(READ_FAILURE_REASONS).nullable().default(null),
});

/**
 * One address of the user. Every address is read on PulseChain and Ethereum (the same key owns
 * both), so the same address saved for both chains is one wallet here, counted once.
 */
export const portfolioWalletSchema = z.object({
  /** The first saved entry of the address. */
  id: z.string(),
  /** Every saved entry of the address (one per chain it was saved for). */
  ids: z.array(z.string()),
  address: z.string(),
  nickname: z.string(),
  /** The chain of the first saved entry. */
  chainId: z.number().int(),
  /** The chains the address was saved for. */
  savedChainIds: z.array(z.number().int()),
  /** Total included value of the address on both chains, USD. */
  value: decimal,
  /** The included value per chain, every portfolio chain listed (also with 0). */
  chains: z.array(walletChainValueSchema),
});
export type PortfolioWallet = z.infer<typeof portfolioWalletSchema>;

export const portfolioDebugSchema = z.object({
  pricesUpdated: z.number().int(),
  priceSource: z.string(),
  apiCalls: z.number().int(),
  lastPriceUpdate: z.string().nullable(),
  tokensWithZeroPrice: z.number().int(),
  tokensWithZeroValue: z.number().int(),
  roiTransactionsWithZeroValue: z.number().int(),
  /** What went wrong per chain or provider; the rest of the result is still valid. */
  problems: z.array(z.string()),
  /** One entry per wallet holding an excluded token; `code` is the reason for the page to word. */
  excludedTokens: z.array(
    z.object({
      chainId: z.number(),
      contractAddress: z.string(),
      symbol: z.string(),
      /** The reason in English words, for logs. */
      reason: z.string(),
      /** Missing in portfolios cached before it was added. */
      code: z.enum(EXCLUSION_REASONS).optional(),
    }),
  ),
  loadMs: z.number().int(),
});

/** The portfolio result (docs/api.md, "Wallets and portfolio"). */
export const portfolioResultSchema = z.object({
  success: z.boolean(),
  isLoaded: z.boolean(),
  userId: z.string(),
  totalValue: decimal,
  tokens: z.array(tokenHoldingSchema),
  tokenCount: z.number().int(),
  /** Liquidity positions, HEX stakes and NFTs beside the tokens (docs/product/wallets-and-portfolio.md). */
  positions: z.array(positionSchema).default([]),
  /** The valued positions inside totalValue, each counted once. */
  positionTotals: positionTotalsSchema.default({ liquidity: "0", staked: "0" }),
  wallets: z.array(portfolioWalletSchema),
  /** Distinct addresses (the same address saved for both chains counts once). */
  walletCount: z.number().int(),
  roiTransactions: z.array(z.unknown()),
  dailyROI: decimal,
  monthlyROI: decimal,
  /**
   * The ROI figures above are in this answer. false: they were not ready in time (a first history
   * sync) or the plan does not include them; the fields are then empty, not a zero income.
   */
  roiIncluded: z.boolean().default(false),
  taxTransactions: z.array(z.unknown()),
  dataSource: z.string(),
  lastUpdated: z.string(),
  fromCache: z.boolean(),
  apiCalls: z.number().int(),
  debug: portfolioDebugSchema,
  summary: z.object({ reasons: z.array(z.string()) }),
  /** Partial failure ("Portfolio-Ladefehler (nicht blockierend)"); null when all loaded. Technical text. */
  error: z.string().nullable(),
  /** The addresses that could not be read, per chain and reason (what the page says in the user's words). */
  readFailures: z.array(readFailureSchema).default([]),
  /**
   * When the next manual refresh is allowed (ISO time): 5 minutes after the user's last refresh that
   * read everything; the page's own loads and failed refreshes do not move it.
   */
  refreshAvailableAt: z.string(),
  /** True when the result is older than 10 minutes (the refresh button reads 'Aktualisieren'). */
  stale: z.boolean(),
  /** The euro rate of the load's day; null when none is known (values are then shown in USD). */
  fx: displayRateSchema.nullable(),
});
export type PortfolioResult = z.infer<typeof portfolioResultSchema>;

/**
 * GET /api/portfolio/summary: the figures of the cached portfolio that a summary card shows (the
 * dashboard), without its thousands of token rows; the same values as GET /api/portfolio.
 */
export const portfolioSummarySchema = portfolioResultSchema.pick({
  totalValue: true,
  tokenCount: true,
  walletCount: true,
  lastUpdated: true,
  fromCache: true,
  stale: true,
  fx: true,
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

/** One day's total (USD) and the euro rate of that day (null when none is known). */
export const portfolioSnapshotSchema = z.object({
  day: z.string(),
  totalValue: decimal,
  fx: displayRateSchema.nullable(),
});
export const portfolioHistoryResponseSchema = z.object({ snapshots: z.array(portfolioSnapshotSchema) });
export type PortfolioHistoryResponse = z.infer<typeof portfolioHistoryResponseSchema>;

/** Cache, refresh, inclusion and warning limits (docs/product/wallets-and-portfolio.md). */
export const PORTFOLIO_CACHE_SECONDS = 600;
export const PORTFOLIO_REFRESH_LIMIT_SECONDS = 300;
export const MIN_INCLUDED_VALUE_USD = "0.01";
export const PRICE_WARNING_MIN_BALANCE = "0.001";
export const DISTRIBUTION_TOP = 10;
