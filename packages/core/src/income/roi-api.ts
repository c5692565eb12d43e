import { z } from "zod";

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

const sourceOwnerSchema = z.object({
  /** The token's contract and symbol. */
  token: z.string(),
  symbol: z.string(),
  /** "distributor": a printer; "dividendTracker": a dividend token's tracker. */
  getter: z.enum(["distributor", "dividendTracker"]).nullable(),
});
export type RoiSourceOwner = z.infer<typeof sourceOwnerSchema>;

/** One ROI payout (the spec's ROI transaction fields, plus what the tracker shows). */
export const roiPayoutSchema = z.object({
  type: z.literal("ROI_INCOMING"),
  chainId: z.number().int(),
  hash: z.string(),
  /** Unix seconds. */
  timeStamp: z.number().int(),
  /** Reward token contract ("native" for the coin). */
  token: z.string(),
  tokenSymbol: z.string(),
  tokenDecimal: z.number().int(),
  /** Whole tokens, exact. */
  amount: decimal,
  /** USD at receipt; null when no price was found (never a silent zero). */
  value: decimal.nullable(),
  valueEur: decimal.nullable(),
  /** The distributor or tracker that paid. */
  source: z.string(),
  /** Who the source pays for: the printer or dividend token that names it, and by which getter; null when unknown. */
  sourceOwner: sourceOwnerSchema.nullable().default(null),
  /** Worth less than the scan's minimum (0.001 USD): kept, flagged. */
  dust: z.boolean(),
  wallet: z.string(),
});
export type RoiPayout = z.infer<typeof roiPayoutSchema>;

const moneyPair = z.object({ usd: decimal, eur: decimal });

export const roiSeriesPointSchema = moneyPair.extend({ period: z.string(), payouts: z.number().int() });
export type RoiSeriesPoint = z.infer<typeof roiSeriesPointSchema>;

export const roiSourceTotalSchema = moneyPair.extend({
  chainId: z.number().int(),
  source: z.string(),
  sourceOwner: sourceOwnerSchema.nullable().default(null),
  token: z.string(),
  tokenSymbol: z.string(),
  /** Whole reward tokens received from this source (24 months). */
  amount: decimal,
  payouts: z.number().int(),
  lastPayout: z.number().int(),
});
export type RoiSourceTotal = z.infer<typeof roiSourceTotalSchema>;

/** GET /api/roi: the ROI tracker's figures over the user's saved wallets. */
export const roiResultSchema = z.object({
  /** Payouts of the last 90 days, newest first, at most ROI_LIST_LIMIT of them. */
  roiTransactions: z.array(roiPayoutSchema),
  /** How many payouts the last 90 days had (the list may show fewer). */
  roiTransactionCount: z.number().int(),
  dailyROI: moneyPair,
  monthlyROI: moneyPair,
  /** This German calendar year's §22 income and its Freigrenze (EUR). */
  year: z.object({ year: z.number().int(), eur: decimal, usd: decimal, freigrenze: decimal, crossed: z.boolean() }),
  /** Income per German day, the last 90 days (oldest first, every day present). */
  byDay: z.array(roiSeriesPointSchema),
  /** Income per month, the last 24 months (oldest first, every month present). */
  byMonth: z.array(roiSeriesPointSchema),
  bySource: z.array(roiSourceTotalSchema),
  /** Payouts whose value is unknown (no price), in the 24 months. */
  unpriced: z.number().int(),
  lastUpdated: z.string(),
  problems: z.array(z.string()),
});
export type RoiResult = z.infer<typeof roiResultSchema>;
