/**
 * The bridge page (docs/product/shell-and-pages.md, "Bridge"): the official PulseChain bridge, and
 * which of the user's tokens came over it and which are copies PulseChain made of Ethereum at the fork.
 */
import { z } from "zod";

/** The official PulseChain bridge (OmniBridge). Look-alike sites exist: this one address only. */
export const OFFICIAL_BRIDGE_URL = "https://bridge.pulsechain.com";

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const side = z.object({ chainId: z.number().int(), address: z.string(), balance: decimal });

export const bridgeTokenSchema = z.object({
  /**
   * bridged: came over the bridge from Ethereum (the real asset on PulseChain);
   * fork-copy: the same address on both chains, a copy made at the fork.
   */
  kind: z.enum(["bridged", "fork-copy"]),
  symbol: z.string(),
  name: z.string(),
  /** True for fork copies core's token table names worthless (e.g. the copied stablecoins). */
  worthless: z.boolean(),
  /** Whole tokens of all the user's wallets on PulseChain. */
  pulsechain: side,
  /** The original (bridged) or the same address (fork copy) on Ethereum; null when not known. */
  ethereum: side.nullable(),
});
export type BridgeToken = z.infer<typeof bridgeTokenSchema>;

/** GET /api/bridge/tokens */
export const bridgeTokensResponseSchema = z.object({
  bridgeUrl: z.literal(OFFICIAL_BRIDGE_URL),
  walletCount: z.number().int(),
  tokens: z.array(bridgeTokenSchema),
  /** When the portfolio the holdings come from was loaded. */
  lastUpdated: z.string(),
});
export type BridgeTokensResponse = z.infer<typeof bridgeTokensResponseSchema>;
