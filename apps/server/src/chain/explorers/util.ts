import {
  compareTransfers,
  type NormalizedTransfer,
  normalizeAddress,
  normalizedTransferSchema,
  transferId,
} from "@pulsemanager/core";
import { UpstreamError } from "../upstream/upstream-client.ts";
import type { HistoryQuery } from "./types.ts";

const UINT = /^\d+$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const SELECTOR = /^(?:0x)?([0-9a-fA-F]{8})/;

/** An unsigned integer (decimal string or safe integer number) as a canonical decimal string. */
export function toUint(value: unknown): string | null {
  if (typeof value === "string") {
    const s = value.trim();
    return UINT.test(s) ? BigInt(s).toString() : null;
  }
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "bigint" && value >= 0n) return value.toString();
  return null;
}

/** A non-negative integer that fits a JS number (block numbers, timestamps, indices). */
export function toInt(value: unknown): number | null {
  const s = toUint(value);
  if (s === null) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

export function toAddress(value: unknown): `0x${string}` | null {
  return typeof value === "string" && ADDRESS.test(value.trim()) ? (value.trim().toLowerCase() as `0x${string}`) : null;
}

export function toTxHash(value: unknown): string | null {
  return typeof value === "string" && TX_HASH.test(value) ? value.toLowerCase() : null;
}

export function toText(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** "0x38ed1739..." (call data), "0x38ed1739" or "38ed1739" (a selector) -> "0x38ed1739"; anything else -> null. */
export function methodIdFrom(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const m = SELECTOR.exec(value);
  if (!m?.[1]) return null;
  if (!value.startsWith("0x") && value.length !== 8) return null;
  return `0x${m[1].toLowerCase()}`;
}

/** ISO-8601 ("2024-12-28T20:18:10.000000Z", any fraction length, Z or offset; no zone = UTC) -> unix seconds. */
export function isoToUnix(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (zone && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
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

/** Re-throws the caller's abort (it is not a provider failure). */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
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

/**
 * Settles with `promise`, or rejects with the abort reason as soon as `signal` aborts (the
 * UpstreamClient may otherwise keep retrying an aborted request until its timeouts run out).
 */
export function withAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

export const defaultSleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Query string from a record, skipping undefined values. */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
