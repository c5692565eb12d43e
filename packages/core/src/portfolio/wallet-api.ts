import { z } from "zod";
import { hasValidChecksum } from "../chains/address-checksum.ts";
import { chainName, ETHEREUM, PULSECHAIN } from "../chains/chains.ts";
import { hasVisibleText } from "../chains/visible-text.ts";

/**
 * 0x plus 40 hex characters, stored lower-case. Mixed case must match its EIP-55 checksum (a wrong
 * letter in a copied address is refused, not stored as someone else's wallet); all lower-case or all
 * upper-case carries no checksum and is accepted.
 */
export const walletAddressSchema = z
  .string({ error: "wallet.invalidAddress" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: "wallet.invalidAddress" })
  .refine(hasValidChecksum, { message: "wallet.badChecksum", abort: true })
  .transform((a) => a.toLowerCase() as `0x${string}`);

export const WALLET_TYPES = [
  "MetaMask",
  "Rabby",
  "Trezor",
  "Tangem",
  "Trust",
  "Coinbase",
  "manual",
  "generic",
] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const blockchainSchema = z.enum(["pulsechain", "ethereum"]);
export type Blockchain = z.infer<typeof blockchainSchema>;

export function chainIdOf(blockchain: Blockchain): number {
  return blockchain === "ethereum" ? ETHEREUM : PULSECHAIN;
}

/** A wallet's default nickname: '{chain name} Wallet' ("PulseChain Mainnet Wallet"). */
export function defaultWalletNickname(blockchain: Blockchain): string {
  return `${chainName(chainIdOf(blockchain))} Wallet`;
}

/** POST /api/wallet-management (user_id is ignored: the session decides). */
export const addWalletRequestSchema = z.object({
  user_id: z.string().optional(),
  address: walletAddressSchema,
  nickname: z
    .string({ error: "wallet.nicknameRequired" })
    .trim()
    .min(1, { message: "wallet.nicknameRequired" })
    .max(64, { message: "wallet.nicknameTooLong" })
    .refine(hasVisibleText, { message: "wallet.nicknameInvisible" }),
  blockchain: blockchainSchema.default("pulsechain"),
  wallet_type: z.enum(WALLET_TYPES).optional(),
});
export type AddWalletRequest = z.input<typeof addWalletRequestSchema>;

/** DELETE /api/wallet-management */
export const removeWalletRequestSchema = z.object({ id: z.string().min(1) });

export const walletSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  address: z.string(),
  wallet_type: z.string().nullable(),
  chain_id: z.number().int(),
  nickname: z.string(),
  is_active: z.boolean(),
  last_connected: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const listWalletsResponseSchema = z.object({ data: z.array(walletSchema), error: z.null() });
export const addWalletResponseSchema = z.object({
  data: walletSchema,
  error: z.null(),
  status: z.enum(["created", "updated_existing"]),
  message: z.string(),
});
export type AddWalletResponse = z.infer<typeof addWalletResponseSchema>;
