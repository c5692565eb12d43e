import { z } from "zod";

const address = z.string().regex(/^0x[0-9a-f]{40}$/, "lower-case address");
const uint = z.string().regex(/^\d+$/, "unsigned integer as a decimal string");

/**
 * One normalised transfer record for every source (Blockscout, Etherscan, Moralis,
 * RPC logs). Amounts are integer strings of base units; nothing is a float.
 */
export const normalizedTransferSchema = z.object({
  chainId: z.number().int().positive(),
  txHash: z.string().regex(/^0x[0-9a-f]{64}$/),
  /** Log index for ERC-20 transfers; for native value transfers a stable index within the tx (-1 top level, >=0 internal trace index). */
  logIndex: z.number().int(),
  blockNumber: z.number().int().nonnegative(),
  /** Unix seconds. */
  timestamp: z.number().int().nonnegative(),
  from: address,
  to: address,
  /** "native" or the token contract (lower-case). */
  token: z.union([z.literal("native"), address]),
  amount: uint,
  /** Fee the wallet paid for the transaction, in base units of the native coin; "0" when another account paid. */
  fee: uint,
  /** First 4 bytes of the call data (0x + 8 hex), when known. */
  methodId: z
    .string()
    .regex(/^0x[0-9a-f]{8}$/)
    .nullable(),
  /** An internal (trace) value transfer rather than a top-level one or a log. */
  internal: z.boolean(),
});

export type NormalizedTransfer = z.infer<typeof normalizedTransferSchema>;

/** What a transfer record is: "l" a token log, "n" a top-level native value, "i" an internal one. */
export function transferKindOf(t: Pick<NormalizedTransfer, "token" | "internal">): "l" | "n" | "i" {
  return t.internal ? "i" : t.token === "native" ? "n" : "l";
}

/** Stable identity of a transfer across sources and re-reads. */
export function transferId(
  t: Pick<NormalizedTransfer, "chainId" | "txHash" | "logIndex" | "token" | "internal">,
): string {
  return `${t.chainId}:${t.txHash}:${transferKindOf(t)}:${t.logIndex}`;
}

/** Order of events on a chain: block, then position. */
export function compareTransfers(a: NormalizedTransfer, b: NormalizedTransfer): number {
  return (
    a.blockNumber - b.blockNumber || a.logIndex - b.logIndex || (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0)
  );
}
