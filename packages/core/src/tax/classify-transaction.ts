/**
 * One transaction's records -> its tax events: the record rules while netting, then `decide` on the
 * netted flows (classify-rules.ts, the README's table), then the fee onto the event that carries it.
 */
import type { TokenRegistry } from "../chains/known-tokens.ts";
import type { NormalizedTransfer } from "../chains/transfer.ts";
import type { RewardSenders } from "../income/reward-senders.ts";
import type { BridgeMoves } from "./bridge-moves.ts";
import { BridgeRecords } from "./classify-bridge.ts";
import { type Flow, FlowTable, legOf } from "./classify-flows.ts";
import {
  arrivalOf,
  type ClassificationRule,
  decide,
  type MoneyRank,
  type NettedFacts,
  RULE_KIND,
  recordRule,
} from "./classify-rules.ts";
import { StakeRecords } from "./classify-stakes.ts";
import type { ArrivalKind } from "./declarations-api.ts";
import type { StakeEvents } from "./stake-events.ts";
import type { TaxEvent, TaxLeg } from "./types.ts";

function makeEvent(
  rule: ClassificationRule,
  t: NormalizedTransfer,
  given: TaxLeg[],
  received: TaxLeg[],
  valueFrom?: "given" | "received",
  wrap?: "wrap" | "unwrap",
  arrival?: ArrivalKind,
): TaxEvent {
  return {
    time: t.timestamp,
    kind: RULE_KIND[rule],
    given,
    received,
    fee: undefined,
    valueFrom,
    txHash: t.txHash,
    chainId: t.chainId,
    blockNumber: t.blockNumber,
    note: undefined,
    wrap,
    arrival,
  };
}

/** Which side prices a trade first: what was given for a purchase with money, else what was received. */
const VALUE_FROM: Partial<Record<ClassificationRule, "given" | "received">> = {
  "known-distributor": "received",
  "minted-claim": "received",
  "paid-with-money": "given",
  "sold-for-money": "received",
  exchange: "received",
  "received-from-outside": "received",
  "given-to-outside": "given",
};

export interface ClassifierSetup {
  registry: TokenRegistry | undefined;
  senders: RewardSenders;
  stablecoinsAsMoney: boolean;
  stakes: StakeEvents | undefined;
  bridges?: BridgeMoves;
}

export class TransactionClassifier {
  /** The events of the last transaction: the first `count`. */
  readonly out: TaxEvent[] = [];
  count = 0;
  private readonly flows = new FlowTable();
  /** Per chain: address -> a known distributor (nested: no key string is built per record). */
  private readonly distributorCache = new Map<number, Map<string, boolean>>();
  private readonly rankCache = new Map<string, MoneyRank>();
  private readonly assetKeys = new Map<number, Map<string, string>>();
  private readonly facts: NettedFacts = {
    given: 0,
    received: 0,
    nativeWrap: false,
    givenRankMin: 0,
    givenRankMax: 0,
    receivedRankMin: 0,
    receivedRankMax: 0,
    minted: false,
    sentByUser: false,
  };
  private fee = 0n;
  private feePayer = "";
  private readonly stakes: StakeRecords;
  private readonly bridges: BridgeRecords;
  private readonly emitter = (e: TaxEvent): void => this.emit(e);

  constructor(private readonly setup: ClassifierSetup) {
    this.stakes = new StakeRecords(setup.stakes);
    this.bridges = new BridgeRecords(setup.bridges);
  }

  /** The first `n` records (one transaction, own wallets `own`) -> the events in `out`. */
  classify(records: readonly NormalizedTransfer[], n: number, own: Set<string>): void {
    this.count = 0;
    this.netRecords(records, n, own);
    const first = records[0] as NormalizedTransfer;
    const trade = this.decideNetted(first);
    if (this.fee > 0n) this.attachFee(first, trade);
  }

  private emit(e: TaxEvent): void {
    this.out[this.count++] = e;
  }

  /** Rows 1-2 per record; the rest of the records netted into the flow table. */
  private netRecords(records: readonly NormalizedTransfer[], n: number, own: Set<string>): void {
    const first = records[0] as NormalizedTransfer;
    const chainId = first.chainId;
    this.flows.reset();
    this.fee = 0n;
    this.feePayer = "";
    this.facts.sentByUser = false;
    const stakes = this.stakes.begin(chainId, first.txHash);
    const bridged = this.bridges.begin(chainId, first.txHash);
    for (let r = 0; r < n; r++) {
      const t = records[r] as NormalizedTransfer;
      const fromOwn = own.has(t.from);
      if (fromOwn && t.fee !== "0") {
        this.fee = this.fee === 0n ? BigInt(t.fee) : this.fee + BigInt(t.fee);
        this.feePayer = t.from;
      }
      if (fromOwn && t.logIndex === -1 && !t.internal) this.facts.sentByUser = true;
      if (t.amount === "0" || t.from === t.to) continue;
      const toOwn = own.has(t.to);
      if (!fromOwn && !toOwn) continue;
      const asset = this.assetOf(chainId, t.token);
      if (stakes && this.stakes.take(t, asset, this.emitter)) continue;
      if (bridged && this.bridges.take(t, records, n, this.emitter)) continue;
      const amount = BigInt(t.amount);
      const rule = recordRule(fromOwn, toOwn, !fromOwn && toOwn && this.isDistributor(chainId, t.from));
      if (rule === "between-own-wallets") {
        const given = [{ wallet: t.from, asset, amount, counterparty: t.to }];
        this.emit(makeEvent(rule, first, given, [{ wallet: t.to, asset, amount, counterparty: t.from }]));
      } else if (rule === "known-distributor") {
        const leg = { wallet: t.to, asset, amount, counterparty: t.from };
        this.emit(makeEvent(rule, first, [], [leg], VALUE_FROM[rule]));
      } else if (toOwn) this.flows.add(t.to, asset, t.token, amount, t.from, t.from);
      else this.flows.add(t.from, asset, t.token, -amount, t.to, t.from);
    }
    if (stakes) this.stakes.finish(first, (token) => this.assetOf(chainId, token), this.emitter);
    if (bridged) this.bridges.finish(first, this.emitter);
  }

  /** Rows 3-10: the trade as one event, or each one-sided flow as its own. Returns the trade. */
  private decideNetted(first: NormalizedTransfer): TaxEvent | undefined {
    const flows = this.flows;
    const f = this.facts;
    f.given = flows.countSide(-1);
    f.received = flows.countSide(1);
    if (f.given > 0 && f.received > 0) return this.decideTrade(first);
    f.nativeWrap = false;
    for (let i = 0; i < flows.count; i++) {
      const flow = flows.flows[i] as Flow;
      if (flow.net === 0n) continue;
      f.given = flow.net < 0n ? 1 : 0;
      f.received = flow.net > 0n ? 1 : 0;
      f.minted = flow.minted;
      const rule = decide(f);
      const leg = legOf(flow);
      const arrival = rule === "received-from-outside" ? arrivalOf(f) : undefined;
      this.emit(
        makeEvent(rule, first, f.given ? [leg] : [], f.received ? [leg] : [], VALUE_FROM[rule], undefined, arrival),
      );
    }
    return undefined;
  }

  private decideTrade(first: NormalizedTransfer): TaxEvent {
    const f = this.facts;
    const given = this.flows.legs(-1, f.given);
    const received = this.flows.legs(1, f.received);
    const chainId = first.chainId;
    this.rankFacts(chainId);
    const a = given[0] as TaxLeg;
    f.nativeWrap =
      f.given === 1 &&
      f.received === 1 &&
      a.wallet === (received[0] as TaxLeg).wallet &&
      a.amount === (received[0] as TaxLeg).amount &&
      this.isNativeWrapPair(chainId, a.asset, (received[0] as TaxLeg).asset);
    f.minted = false;
    const rule = decide(f);
    const wrap = rule !== "wrapping" ? undefined : a.asset === this.assetOf(chainId, "native") ? "wrap" : "unwrap";
    const trade = makeEvent(rule, first, given, received, VALUE_FROM[rule], wrap);
    this.emit(trade);
    return trade;
  }

  /** The lowest and highest money rank on each side of the trade. */
  private rankFacts(chainId: number): void {
    const f = this.facts;
    let gMin: MoneyRank = 2;
    let gMax: MoneyRank = 0;
    let rMin: MoneyRank = 2;
    let rMax: MoneyRank = 0;
    for (let i = 0; i < this.flows.count; i++) {
      const flow = this.flows.flows[i] as Flow;
      if (flow.net === 0n) continue;
      const r = this.moneyRank(chainId, flow.token, flow.asset);
      if (flow.net < 0n) {
        if (r < gMin) gMin = r;
        if (r > gMax) gMax = r;
      } else {
        if (r < rMin) rMin = r;
        if (r > rMax) rMax = r;
      }
    }
    f.givenRankMin = gMin;
    f.givenRankMax = gMax;
    f.receivedRankMin = rMin;
    f.receivedRankMax = rMax;
  }

  /** The fee rides on the trade, else on the payer's first event, else the first event, else its own event. */
  private attachFee(first: NormalizedTransfer, trade: TaxEvent | undefined): void {
    const payer = this.feePayer;
    let carrier = trade;
    for (let i = 0; !carrier && i < this.count; i++) {
      const e = this.out[i] as TaxEvent;
      if (e.given.some((l) => l.wallet === payer) || e.received.some((l) => l.wallet === payer)) carrier = e;
    }
    if (!carrier && this.count > 0) carrier = this.out[0];
    if (!carrier) {
      this.facts.given = 0;
      this.facts.received = 0;
      carrier = makeEvent(decide(this.facts), first, [], []);
      this.emit(carrier);
    }
    carrier.fee = { wallet: payer, asset: this.assetOf(first.chainId, "native"), amount: this.fee };
  }

  private isDistributor(chainId: number, address: string): boolean {
    let byAddress = this.distributorCache.get(chainId);
    if (!byAddress) {
      byAddress = new Map();
      this.distributorCache.set(chainId, byAddress);
    }
    let r = byAddress.get(address);
    if (r === undefined) {
      r = this.setup.senders.has(chainId, address);
      byAddress.set(address, r);
    }
    return r;
  }

  private moneyRank(chainId: number, token: string, asset: string): MoneyRank {
    if (token === "native") return 1;
    let r = this.rankCache.get(asset);
    if (r === undefined) {
      const role = this.setup.registry?.roleOf(chainId, token);
      r = role === "wrapped-native" ? 1 : role === "stablecoin" && this.setup.stablecoinsAsMoney ? 2 : 0;
      this.rankCache.set(asset, r);
    }
    return r;
  }

  /** One asset is the native coin and the other its wrapped form. */
  private isNativeWrapPair(chainId: number, x: string, y: string): boolean {
    const native = this.assetOf(chainId, "native");
    const wrapped = (asset: string) =>
      asset !== native &&
      this.setup.registry?.roleOf(chainId, asset.slice(asset.indexOf(":") + 1)) === "wrapped-native";
    return (x === native && wrapped(y)) || (y === native && wrapped(x));
  }

  private assetOf(chainId: number, token: string): string {
    let m = this.assetKeys.get(chainId);
    if (!m) {
      m = new Map();
      this.assetKeys.set(chainId, m);
    }
    let k = m.get(token);
    if (k === undefined) {
      k = `${chainId}:${token}`;
      m.set(token, k);
    }
    return k;
  }
}
