import { z } from "zod";
import { chainIdTextSchema } from "../chains/chain-id.ts";

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One side of a liquidity position: the token (by chain and address) and the wallet's share of its reserve. */
export const lpUnderlyingSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** Whole tokens: balance / totalSupply x reserve. */
  amount: decimal,
  /** USD per whole token; null without a reliable price. */
  priceUsd: decimal.nullable(),
});

const positionBase = {
  chainId: z.number().int(),
  walletAddress: z.string(),
  /** USD; null when the position is listed but not valued. */
  valueUsd: decimal.nullable(),
  /** Why it is not valued, or how it was valued when that is not obvious. */
  note: z.string().nullable(),
};

/** A Uniswap-V2-style pair token (PulseX V1/V2, Uniswap V2) valued by its share of the reserves. */
export const lpPositionSchema = z.object({
  kind: z.literal("lp"),
  ...positionBase,
  /** The pair (the LP token) contract. */
  pairAddress: z.string(),
  dex: z.string(),
  /** LP tokens held (whole tokens, 18 decimals). */
  balance: decimal,
  /** balance / totalSupply as a decimal fraction. */
  share: decimal,
  token0: lpUnderlyingSchema,
  token1: lpUnderlyingSchema,
});
export type LpPosition = z.infer<typeof lpPositionSchema>;

export const HEX_STAKE_STATES = ["pending", "active", "due", "late"] as const;
export type HexStakeState = (typeof HEX_STAKE_STATES)[number];

/** A HEX stake as the stake contract lists it (an ended stake is no longer listed). */
export const hexStakePositionSchema = z.object({
  kind: z.literal("hex-stake"),
  ...positionBase,
  /** The contract the stake lives in (HEX itself on mainnet). */
  contractAddress: z.string(),
  stakeId: z.string(),
  /** Whole HEX staked. */
  principal: decimal,
  shares: z.string().regex(/^\d+$/),
  /** HEX day numbers: first earning day and the day the stake is due. */
  startDay: z.number().int(),
  endDay: z.number().int(),
  stakedDays: z.number().int(),
  currentDay: z.number().int(),
  daysLeft: z.number().int(),
  state: z.enum(HEX_STAKE_STATES),
  /** Whole HEX earned so far (estimate, see yieldMethod). */
  yieldEstimate: decimal,
  yieldMethod: z.string(),
  /** USD per whole HEX on this chain; null without a reliable price. */
  priceUsd: decimal.nullable(),
});
export type HexStakePosition = z.infer<typeof hexStakePositionSchema>;

/** An ERC-721 or ERC-1155 token: listed, never valued without a reliable floor price. */
export const nftPositionSchema = z.object({
  kind: z.literal("nft"),
  ...positionBase,
  standard: z.enum(["ERC-721", "ERC-1155"]),
  contractAddress: z.string(),
  collection: z.string().nullable(),
  tokenId: z.string(),
  amount: z.string(),
  name: z.string().nullable(),
  /** Our image proxy's path, or null when the token has no usable image. */
  imageUrl: z.string().nullable(),
  /** Where the server fetches the image from (the page shows imageUrl only). */
  imageSource: z.string().nullable(),
});
export type NftPosition = z.infer<typeof nftPositionSchema>;

export const positionSchema = z.discriminatedUnion("kind", [
  lpPositionSchema,
  hexStakePositionSchema,
  nftPositionSchema,
]);
export type Position = z.infer<typeof positionSchema>;

/** The valued positions' share of the total, USD: liquidity and stakes each once. */
export const positionTotalsSchema = z.object({ liquidity: decimal, staked: decimal });
export type PositionTotals = z.infer<typeof positionTotalsSchema>;

/** GET /api/nft-image: one NFT of the user's wallets, by chain, contract and token id. */
export const nftImageQuerySchema = z.object({
  chainId: chainIdTextSchema(),
  contract: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "wallet.invalidAddress"),
  tokenId: z.string().regex(/^\d{1,78}$/),
});
export type NftImageQuery = z.infer<typeof nftImageQuerySchema>;

/** Image types the proxy passes on, and the largest image it fetches. */
export const NFT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const NFT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
