import {
  compareTransfers,
  type NormalizedTransfer,
  normalizeAddress,
  normalizedTransferSchema,
  transferId,
} from "@pulsemanager/core";
import { toInt, toText, toUint } from "../../lib/parse-values.ts";
import { UpstreamError } from "../../upstream/upstream-client.ts";
import type { DiscoveredToken, DiscoveryResult, HistoryQuery } from "./types.ts";

const SELECTOR = /^(?:0x)?([0-9a-fA-F]{8})/;

/** "0x38ed1739..." (call data), "0x38ed1739" or "38ed1739" (a selector) -> "0x38ed1739"; anything else -> null. */
export function methodIdFrom(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const m = SELECTOR.exec(value);
  if (!m?.[1]) return null;
  if (!value.startsWith("0x") && value.length !== 8) return null;
  return `0x${m[1].toLowerCase()}`;
}

/** Checks the query; bad input is a programming error and throws. */
export function checkHistoryQuery(p: HistoryQuery): `0x${string}` {
  const wallet = normalizeAddress(p.address);
  if (!Number.isSafeInteger(p.fromBlock) || p.fromBlock < 0)
    throw new RangeError(`fromBlock must be a non-negative integer, got ${p.fromBlock}`);
  if (p.toBlock !== undefined && (!Number.isSafeInteger(p.toBlock) || p.toBlock < p.fromBlock - 1)) {
    throw new RangeError(`toBlock must be an integer >= fromBlock - 1, got ${p.toBlock}`);
  }
  if (!Number.isSafeInteger(p.chainId) || p.chainId <= 0)
    throw new RangeError(`chainId must be a positive integer, got ${p.chainId}`);
  return wallet;
}

/** Text of a provider failure; aborts are re-thrown, programming errors too. */
export function failureText(err: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) throw signal.reason;
  if (err instanceof UpstreamError) {
    const kind =
      err.kind === "rate_limited"
        ? "rate limited"
        : err.kind === "timeout"
          ? "timed out"
          : err.kind === "network"
            ? "unreachable"
            : "failed";
    return `${kind}: ${err.message}`;
  }
  if (err instanceof ProviderAnswerError) return err.message;
  throw err;
}

/** The provider answered, but with an error (or an answer we cannot read). */
export class ProviderAnswerError extends Error {
  constructor(
    message: string,
    readonly rateLimited = false,
  ) {
    super(message);
    this.name = "ProviderAnswerError";
  }
}

export type Normalized = { ok: NormalizedTransfer } | { skip: true } | { bad: string };

/** Validates with the shared schema: a record that does not pass is reported, never stored. */
export function checked(t: NormalizedTransfer): Normalized {
  const r = normalizedTransferSchema.safeParse(t);
  return r.success
    ? { ok: r.data }
    : { bad: r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
}

/**
 * The explorers' party-and-fee rule, one place for every source: a transaction record is the wallet's
 * when the wallet sent or received it; the wallet paid the fee (gas used × gas price, else the
 * explorer's own fee figure) only when it sent it. null: the wallet sent it but no figure is there.
 */
export function walletParty(
  wallet: string,
  tx: { from: string; to: string; gasUsed: string | null; gasPrice: string | null; paidFee?: string | null },
): { mine: false } | { mine: true; fee: string | null } {
  if (tx.from !== wallet && tx.to !== wallet) return { mine: false };
  if (tx.from !== wallet) return { mine: true, fee: "0" };
  if (tx.gasUsed !== null && tx.gasPrice !== null)
    return { mine: true, fee: (BigInt(tx.gasUsed) * BigInt(tx.gasPrice)).toString() };
  return { mine: true, fee: tx.paidFee ?? null };
}

/**
 * A transaction's own record: its value (nothing when it failed) and, when the
 * wallet sent it, the fee. A transaction that moved nothing and cost the wallet
 * nothing is skipped. Shared by every explorer source.
 */
export function topLevelNativeRecord(t: {
  chainId: number;
  txHash: string;
  blockNumber: number;
  timestamp: number;
  from: string;
  to: string;
  value: string;
  fee: string;
  failed: boolean;
  methodId: string | null;
}): Normalized {
  const amount = t.failed ? "0" : t.value;
  if (amount === "0" && t.fee === "0") return { skip: true };
  return checked({
    chainId: t.chainId,
    txHash: t.txHash,
    logIndex: -1,
    blockNumber: t.blockNumber,
    timestamp: t.timestamp,
    from: t.from as `0x${string}`,
    to: t.to as `0x${string}`,
    token: "native",
    amount,
    fee: t.fee,
    methodId: t.methodId,
    internal: false,
  });
}

/** Unique by transferId (the later read wins), oldest first. */
export function dedupeAndSort(transfers: Iterable<NormalizedTransfer>): NormalizedTransfer[] {
  const byId = new Map<string, NormalizedTransfer>();
  for (const t of transfers) byId.set(transferId(t), t);
  return [...byId.values()].sort(compareTransfers);
}

/** Fills missing method ids from the top-level transaction of the same hash (when it was read). */
export function fillMethodIds(transfers: NormalizedTransfer[]): void {
  const byHash = new Map<string, string>();
  for (const t of transfers) if (t.methodId && t.token === "native" && !t.internal) byHash.set(t.txHash, t.methodId);
  for (const t of transfers) if (!t.methodId) t.methodId = byHash.get(t.txHash) ?? null;
}

/**
 * Assigns a stable position to records that carry no index (Etherscan and Blockscout >= v9 tokentx rows,
 * Etherscan internal rows): the ordinal among the records of the same transaction, in answer order.
 */
export class OrdinalCounter {
  private readonly counts = new Map<string, number>();
  next(key: string): number {
    const n = this.counts.get(key) ?? 0;
    this.counts.set(key, n + 1);
    return n;
  }
}

export function problemText(source: string, chainId: number, endpoint: string, text: string): string {
  return `${source} (chain ${chainId}) ${endpoint}: ${text}`;
}

/** A token an explorer's token list names, from its raw `symbol`, `name`, `decimals` and `balance`. */
export function discoveredToken(address: string, raw: Readonly<Record<string, unknown>>): DiscoveredToken {
  return {
    address,
    symbol: toText(raw.symbol),
    name: toText(raw.name),
    decimals: toInt(raw.decimals),
    balance: toUint(raw.balance),
  };
}

/** A token list that could not be read: no tokens, partial, and why (aborts are re-thrown). */
export function failedDiscovery(
  source: string,
  chainId: number,
  endpoint: string,
  err: unknown,
  signal: AbortSignal | undefined,
): DiscoveryResult {
  return { tokens: [], partial: true, problems: [problemText(source, chainId, endpoint, failureText(err, signal))] };
}

/** Default for `safetyMarginBlocks`: about two hours of blocks on PulseChain (10 s) and Ethereum (12 s). */
export const DEFAULT_SAFETY_MARGIN_BLOCKS = 600;

/**
 * The reported coverage. `streams` holds each stream's coverage after a failure (undefined = complete).
 * The end of the range (toBlock, or without it the highest block any record had) is lowered by
 * `margin` blocks: explorers index some tables late (Blockscout's internal transactions, token
 * transfers during outages) and reorgs happen, so the newest blocks are read again next time (records
 * have stable ids, re-reading is harmless).
 */
export function coveredTo(
  fromBlock: number,
  toBlock: number | undefined,
  maxSeen: number | undefined,
  streams: Array<number | undefined>,
  margin = 0,
): number {
  let covered = (toBlock ?? maxSeen ?? fromBlock - 1) - margin;
  for (const s of streams) if (s !== undefined) covered = Math.min(covered, s);
  return Math.max(covered, fromBlock - 1);
}

export function maxBlock(transfers: Iterable<NormalizedTransfer>): number | undefined {
  let max: number | undefined;
  for (const t of transfers) if (max === undefined || t.blockNumber > max) max = t.blockNumber;
  return max;
}
