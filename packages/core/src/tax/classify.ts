/**
 * Normalised transfers of the user's own wallets -> tax events, one transaction at a time.
 *
 * Per transaction (chain id + hash):
 * - a transfer from one own wallet to another is a "transfer" (lots move, no disposal);
 * - a transfer from a known distributor (printer payouts) to an own wallet is "income" (ROI);
 * - everything else is netted per wallet and token (fee-on-transfer tokens, refunds), then
 *   - given and received: a trade - "buy" (Kauf) when only the native coin (or wrapped native) was
 *     given for other tokens, "sell" (Verkauf) when only the native coin came back, "swap" (Tausch)
 *     otherwise; native <-> wrapped native 1:1 in one wallet is wrapping: a "transfer" of the lots;
 *   - only received: "income" when it was minted (from the zero address) in a transaction the
 *     user sent (a claim, a HEX stake payout), otherwise "unknown-in" (Unbekannt: airdrops, spam,
 *     bridged coins, payments from others - cost unknown);
 *   - only given: "unknown-out" (to an outside address with nothing back);
 * - the fee of a transaction an own wallet sent rides on its trade (else on its first event), or is
 *   a "fee-only" event (approve, a claim with nothing to claim).
 */

import type { TokenRegistry } from "../chains/known-tokens.ts";
import type { NormalizedTransfer } from "../chains/transfer.ts";
import { RewardSenders } from "../income/reward-senders.ts";
import type { TaxEvent, TaxLeg } from "./types.ts";

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
}

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

interface Flow {
  wallet: string;
  asset: string;
  token: string;
  net: bigint;
  counterparty: string;
  /** Every inflow of this flow came from the zero address (a mint). */
  minted: boolean;
}

/** Why a sink stops: return false from it to end classification early. */
export type TaxEventSink = (event: TaxEvent) => boolean | undefined;

function makeEvent(
  kind: TaxEvent["kind"],
  t: NormalizedTransfer,
  given: TaxLeg[],
  received: TaxLeg[],
  valueFrom?: "given" | "received",
  note?: string,
): TaxEvent {
  return {
    time: t.timestamp,
    kind,
    given,
    received,
    fee: undefined,
    valueFrom,
    txHash: t.txHash,
    chainId: t.chainId,
    blockNumber: t.blockNumber,
    note,
  };
}

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
  const ownByChain = new Map<number, Set<string>>();
  for (const w of ownWallets) {
    let s = ownByChain.get(w.chainId);
    if (!s) {
      s = new Set();
      ownByChain.set(w.chainId, s);
    }
    s.add(w.address.toLowerCase());
  }
  const senders = opts.rewardSenders ?? new RewardSenders({ configured: opts.knownDistributors ?? [] });
  const distributorCache = new Map<string, boolean>();
  const isDistributor = (chainId: number, address: string): boolean => {
    const key = `${chainId}:${address}`;
    let r = distributorCache.get(key);
    if (r === undefined) {
      r = senders.has(chainId, address);
      distributorCache.set(key, r);
    }
    return r;
  };
  const registry = opts.registry;
  const rankCache = new Map<string, number>();
  /** 1 for the native coin and its wrapped form, 2 for stablecoins when they count as money, else 0. */
  const moneyRank = (chainId: number, token: string, asset: string): number => {
    if (token === "native") return 1;
    let r = rankCache.get(asset);
    if (r === undefined) {
      const role = registry?.roleOf(chainId, token);
      r = role === "wrapped-native" ? 1 : role === "stablecoin" && opts.stablecoinsAsMoney ? 2 : 0;
      rankCache.set(asset, r);
    }
    return r;
  };
  const isWrappedNative = (chainId: number, token: string) =>
    token !== "native" && registry?.roleOf(chainId, token) === "wrapped-native";
  const assetKeys = new Map<number, Map<string, string>>();
  const assetOf = (chainId: number, token: string): string => {
    let m = assetKeys.get(chainId);
    if (!m) {
      m = new Map();
      assetKeys.set(chainId, m);
    }
    let k = m.get(token);
    if (k === undefined) {
      k = `${chainId}:${token}`;
      m.set(token, k);
    }
    return k;
  };

  const order = chainOrder(transfers);
  const at = (k: number): NormalizedTransfer => transfers[order ? (order[k] as number) : k] as NormalizedTransfer;
  // The flows of the transaction are the first nFlows of `flows`; the objects are reused from one
  // transaction to the next (a million transfers: no garbage that is not needed).
  const flows: Flow[] = [];
  let nFlows = 0;
  const flowOf = (wallet: string, asset: string): Flow | undefined => {
    for (let i = 0; i < nFlows; i++) {
      const f = flows[i] as Flow;
      if (f.wallet === wallet && f.asset === asset) return f;
    }
    return undefined;
  };
  const addFlow = (wallet: string, asset: string, token: string, net: bigint, counterparty: string): Flow => {
    let f = flows[nFlows];
    if (f) {
      f.wallet = wallet;
      f.asset = asset;
      f.token = token;
      f.net = net;
      f.counterparty = counterparty;
      f.minted = true;
    } else {
      f = { wallet, asset, token, net, counterparty, minted: true };
      flows.push(f);
    }
    nFlows++;
    return f;
  };
  /** The `count` legs of the flows that gave (sign -1) or received (sign 1); the usual single one as a literal [leg]. */
  const legsOf = (sign: -1 | 1, count: number): TaxLeg[] => {
    const legs: TaxLeg[] = [];
    for (let i = 0; i < nFlows; i++) {
      const f = flows[i] as Flow;
      if (sign < 0 ? f.net >= 0n : f.net <= 0n) continue;
      const leg = { wallet: f.wallet, asset: f.asset, amount: sign < 0 ? -f.net : f.net, counterparty: f.counterparty };
      if (count === 1) return [leg];
      legs.push(leg);
    }
    return legs;
  };
  // Scratch lists with a count each (emptying an array by its length is a runtime call per transaction).
  const out: TaxEvent[] = [];
  let nOut = 0;
  const txRecords: NormalizedTransfer[] = [];
  let nRecords = 0;
  const blockHashes: string[] = [];
  let nHashes = 0;
  const n = transfers.length;
  const emit = (e: TaxEvent): void => {
    out[nOut++] = e;
  };

  /** One transaction's records (the first nRecords of txRecords) -> events (the first nOut of out). */
  const classifyTx = (own: Set<string>): void => {
    const first = txRecords[0] as NormalizedTransfer;
    const chainId = first.chainId;
    nFlows = 0;
    nOut = 0;
    let fee = 0n;
    let feePayer = "";
    let senderOwn = false;
    for (let r = 0; r < nRecords; r++) {
      const t = txRecords[r] as NormalizedTransfer;
      const fromOwn = own.has(t.from);
      if (fromOwn && t.fee !== "0") {
        fee = fee === 0n ? BigInt(t.fee) : fee + BigInt(t.fee);
        feePayer = t.from;
      }
      if (fromOwn && t.logIndex === -1 && !t.internal) senderOwn = true;
      if (t.amount === "0" || t.from === t.to) continue;
      const toOwn = own.has(t.to);
      if (!fromOwn && !toOwn) continue;
      const asset = assetOf(chainId, t.token);
      const amount = BigInt(t.amount);
      if (fromOwn && toOwn) {
        emit(
          makeEvent(
            "transfer",
            first,
            [{ wallet: t.from, asset, amount, counterparty: t.to }],
            [{ wallet: t.to, asset, amount, counterparty: t.from }],
          ),
        );
        continue;
      }
      if (toOwn && isDistributor(chainId, t.from)) {
        emit(makeEvent("income", first, [], [{ wallet: t.to, asset, amount, counterparty: t.from }], "received"));
        continue;
      }
      const wallet = toOwn ? t.to : t.from;
      let f = flowOf(wallet, asset);
      if (!f) f = addFlow(wallet, asset, t.token, toOwn ? amount : -amount, toOwn ? t.from : t.to);
      else f.net = toOwn ? f.net + amount : f.net - amount;
      if (toOwn && t.from !== ZERO_ADDRESS) f.minted = false;
    }

    let trade: TaxEvent | undefined;
    let nGiven = 0;
    let nReceived = 0;
    for (let i = 0; i < nFlows; i++) {
      const f = flows[i] as Flow;
      if (f.net < 0n) nGiven++;
      else if (f.net > 0n) nReceived++;
    }
    if (nGiven > 0 && nReceived > 0) {
      const given = legsOf(-1, nGiven);
      const received = legsOf(1, nReceived);
      let gMin = 3;
      let gMax = 0;
      let rMin = 3;
      let rMax = 0;
      let g0: Flow | undefined;
      let r0: Flow | undefined;
      for (let i = 0; i < nFlows; i++) {
        const f = flows[i] as Flow;
        if (f.net === 0n) continue;
        const r = moneyRank(chainId, f.token, f.asset);
        if (f.net < 0n) {
          g0 ??= f;
          if (r < gMin) gMin = r;
          if (r > gMax) gMax = r;
        } else {
          r0 ??= f;
          if (r < rMin) rMin = r;
          if (r > rMax) rMax = r;
        }
      }
      const a = g0 as Flow;
      const b = r0 as Flow;
      const wrap =
        nGiven === 1 &&
        nReceived === 1 &&
        a.wallet === b.wallet &&
        a.net === -b.net &&
        ((a.token === "native" && isWrappedNative(chainId, b.token)) ||
          (b.token === "native" && isWrappedNative(chainId, a.token)));
      if (wrap) {
        trade = makeEvent(
          "transfer",
          first,
          given,
          received,
          undefined,
          a.token === "native" ? "Wrap (keine Veräußerung)" : "Unwrap (keine Veräußerung)",
        );
      } else if (gMin > rMax) trade = makeEvent("buy", first, given, received, "given");
      else if (rMin > gMax) trade = makeEvent("sell", first, given, received, "received");
      else trade = makeEvent("swap", first, given, received, "received");
      emit(trade);
    } else if (nReceived > 0) {
      for (let i = 0; i < nFlows; i++) {
        const f = flows[i] as Flow;
        if (f.net <= 0n) continue;
        const leg = { wallet: f.wallet, asset: f.asset, amount: f.net, counterparty: f.counterparty };
        emit(makeEvent(senderOwn && f.minted ? "income" : "unknown-in", first, [], [leg], "received"));
      }
    } else if (nGiven > 0) {
      for (let i = 0; i < nFlows; i++) {
        const f = flows[i] as Flow;
        if (f.net >= 0n) continue;
        const leg = { wallet: f.wallet, asset: f.asset, amount: -f.net, counterparty: f.counterparty };
        emit(makeEvent("unknown-out", first, [leg], [], "given"));
      }
    }

    if (fee > 0n) {
      const feeLeg: TaxLeg = { wallet: feePayer, asset: assetOf(chainId, "native"), amount: fee };
      let carrier = trade;
      for (let i = 0; !carrier && i < nOut; i++) {
        const e = out[i] as TaxEvent;
        if (e.given.some((l) => l.wallet === feePayer) || e.received.some((l) => l.wallet === feePayer)) carrier = e;
      }
      if (!carrier && nOut > 0) carrier = out[0];
      if (!carrier) {
        carrier = makeEvent("fee-only", first, [], []);
        emit(carrier);
      }
      carrier.fee = feeLeg;
    }
  };

  let k = 0;
  while (k < n) {
    // One block: [k, end).
    const head = at(k);
    let end = k + 1;
    while (end < n) {
      const t = at(end);
      if (t.blockNumber !== head.blockNumber || t.chainId !== head.chainId || t.timestamp !== head.timestamp) break;
      end++;
    }
    const own = ownByChain.get(head.chainId);
    if (own) {
      // Transactions of the block in order of first appearance; records of one may interleave.
      if (end - k > 64) {
        const byHash = new Map<string, NormalizedTransfer[]>();
        for (let j = k; j < end; j++) {
          const t = at(j);
          const list = byHash.get(t.txHash);
          if (list) list.push(t);
          else byHash.set(t.txHash, [t]);
        }
        for (const list of byHash.values()) {
          nRecords = 0;
          for (const t of list) txRecords[nRecords++] = t;
          classifyTx(own);
          for (let i = 0; i < nOut; i++) if (sink(out[i] as TaxEvent) === false) return;
        }
      } else {
        nHashes = 0;
        for (let j = k; j < end; j++) {
          const h = at(j).txHash;
          let seen = false;
          for (let i = 0; i < nHashes && !seen; i++) seen = blockHashes[i] === h;
          if (!seen) blockHashes[nHashes++] = h;
        }
        for (let i = 0; i < nHashes; i++) {
          const h = blockHashes[i] as string;
          nRecords = 0;
          for (let j = k; j < end; j++) {
            const t = at(j);
            if (nHashes === 1 || t.txHash === h) txRecords[nRecords++] = t;
          }
          classifyTx(own);
          for (let e = 0; e < nOut; e++) if (sink(out[e] as TaxEvent) === false) return;
        }
      }
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
