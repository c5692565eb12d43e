/**
 * Normalised transfers of the user's own wallets -> tax events, one transaction at a time: order the
 * records, group them by block and transaction (here), net the flows per wallet and asset
 * (classify-flows.ts), decide by the rule table of README.md (classify-rules.ts), attach the fee
 * (classify-transaction.ts).
 */

import type { TokenRegistry } from "../chains/known-tokens.ts";
import type { NormalizedTransfer } from "../chains/transfer.ts";
import { RewardSenders } from "../income/reward-senders.ts";
import { TransactionClassifier } from "./classify-transaction.ts";
import type { Declaration } from "./declarations-api.ts";
import type { StakeEvents } from "./stake-events.ts";
import type { TaxEvent } from "./types.ts";

export interface OwnWallet {
  chainId: number;
  address: string;
}

export interface ClassifyOptions {
  /** Roles by (chain, address): wrapped native counts as the native coin; stablecoins see below. */
  registry?: TokenRegistry;
  /** Addresses whose payouts are income (printer distributors): "0x..." on any chain or "369:0x...". */
  knownDistributors?: readonly string[];
  /** The one income rule's senders (found on chain, listed, chosen by the user); wins over knownDistributors. */
  rewardSenders?: RewardSenders;
  /** Treat real stablecoins like the native coin for Kauf/Verkauf (default false: token for stablecoin is Tausch). */
  stablecoinsAsMoney?: boolean;
  /** The HEX stakes' starts and ends (README.md, "HEX stakes"). */
  stakes?: StakeEvents;
  /**
   * The user's declarations (README.md, "Declarations"). The engine applies them where it books the
   * events: taxReportFromTransfers does; a caller of classifyTransfers passes
   * `declared: declaredArrivals(declarations)` to computeTaxReport.
   */
  declarations?: readonly Declaration[];
}

/** Why a sink stops: return false from it to end classification early. */
export type TaxEventSink = (event: TaxEvent) => boolean | undefined;

/** Input order, or the indexes sorted by (timestamp, chain, block) when the input is not in that order. */
function chainOrder(transfers: readonly NormalizedTransfer[]): Int32Array | null {
  for (let i = 1; i < transfers.length; i++) {
    const a = transfers[i - 1] as NormalizedTransfer;
    const b = transfers[i] as NormalizedTransfer;
    if (
      b.timestamp < a.timestamp ||
      (b.timestamp === a.timestamp &&
        (b.chainId < a.chainId || (b.chainId === a.chainId && b.blockNumber < a.blockNumber)))
    ) {
      const idx = Int32Array.from({ length: transfers.length }, (_, k) => k);
      return idx.sort((x, y) => {
        const p = transfers[x] as NormalizedTransfer;
        const q = transfers[y] as NormalizedTransfer;
        return p.timestamp - q.timestamp || p.chainId - q.chainId || p.blockNumber - q.blockNumber || x - y;
      });
    }
  }
  return null;
}

function ownWalletsByChain(ownWallets: readonly OwnWallet[]): Map<number, Set<string>> {
  const byChain = new Map<number, Set<string>>();
  for (const w of ownWallets) {
    let s = byChain.get(w.chainId);
    if (!s) {
      s = new Set();
      byChain.set(w.chainId, s);
    }
    s.add(w.address.toLowerCase());
  }
  return byChain;
}

/**
 * Groups the records of one block, [k, end) of `at`, by transaction (in order of first appearance;
 * records of one may interleave) and hands each transaction's records to `each`. Returns false when
 * `each` does. Scratch lists with a count each: emptying an array by its length is a runtime call.
 */
class BlockGrouper {
  readonly records: NormalizedTransfer[] = [];
  private readonly hashes: string[] = [];

  constructor(private readonly at: (k: number) => NormalizedTransfer) {}

  forEachTransaction(k: number, end: number, each: (n: number) => boolean): boolean {
    if (end - k > 64) return this.byMap(k, end, each);
    const at = this.at;
    let nHashes = 0;
    for (let j = k; j < end; j++) {
      const h = at(j).txHash;
      let seen = false;
      for (let i = 0; i < nHashes && !seen; i++) seen = this.hashes[i] === h;
      if (!seen) this.hashes[nHashes++] = h;
    }
    for (let i = 0; i < nHashes; i++) {
      const h = this.hashes[i] as string;
      let n = 0;
      for (let j = k; j < end; j++) {
        const t = at(j);
        if (nHashes === 1 || t.txHash === h) this.records[n++] = t;
      }
      if (!each(n)) return false;
    }
    return true;
  }

  /** Large blocks: grouped through a map instead of scanning the block once per transaction. */
  private byMap(k: number, end: number, each: (n: number) => boolean): boolean {
    const byHash = new Map<string, NormalizedTransfer[]>();
    for (let j = k; j < end; j++) {
      const t = this.at(j);
      const list = byHash.get(t.txHash);
      if (list) list.push(t);
      else byHash.set(t.txHash, [t]);
    }
    for (const list of byHash.values()) {
      let n = 0;
      for (const t of list) this.records[n++] = t;
      if (!each(n)) return false;
    }
    return true;
  }
}

/** The end of the block that starts at k: records with the same chain, block and timestamp. */
function blockEnd(at: (k: number) => NormalizedTransfer, k: number, n: number): number {
  const head = at(k);
  let end = k + 1;
  while (end < n) {
    const t = at(end);
    if (t.blockNumber !== head.blockNumber || t.chainId !== head.chainId || t.timestamp !== head.timestamp) break;
    end++;
  }
  return end;
}

/**
 * Classifies transaction by transaction and hands each event to `sink` in time order (chain order
 * within a chain). Records of one block must be adjacent after ordering by (timestamp, chain, block),
 * which that ordering guarantees; records of one transaction may interleave with others of its block.
 */
export function forEachTaxEvent(
  transfers: readonly NormalizedTransfer[],
  ownWallets: readonly OwnWallet[],
  opts: ClassifyOptions,
  sink: TaxEventSink,
): void {
  const ownByChain = ownWalletsByChain(ownWallets);
  const classifier = new TransactionClassifier({
    registry: opts.registry,
    senders: opts.rewardSenders ?? new RewardSenders({ configured: opts.knownDistributors ?? [] }),
    stablecoinsAsMoney: opts.stablecoinsAsMoney === true,
    stakes: opts.stakes,
  });
  const order = chainOrder(transfers);
  const at = (k: number): NormalizedTransfer => transfers[order ? (order[k] as number) : k] as NormalizedTransfer;
  const grouper = new BlockGrouper(at);
  let own: Set<string> = new Set();
  const transaction = (n: number): boolean => {
    classifier.classify(grouper.records, n, own);
    for (let i = 0; i < classifier.count; i++) if (sink(classifier.out[i] as TaxEvent) === false) return false;
    return true;
  };
  const n = transfers.length;
  for (let k = 0; k < n; ) {
    const end = blockEnd(at, k, n);
    const ownOfChain = ownByChain.get(at(k).chainId);
    if (ownOfChain) {
      own = ownOfChain;
      if (!grouper.forEachTransaction(k, end, transaction)) return;
    }
    k = end;
  }
}

/** The events of the transfers, in time order (transactions in chain order). */
export function classifyTransfers(
  transfers: readonly NormalizedTransfer[],
  ownWallets: readonly OwnWallet[],
  opts: ClassifyOptions = {},
): TaxEvent[] {
  const events: TaxEvent[] = [];
  forEachTaxEvent(transfers, ownWallets, opts, (e) => {
    events.push(e);
    return true;
  });
  return events;
}
