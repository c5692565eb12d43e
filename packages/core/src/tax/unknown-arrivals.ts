/**
 * Where the units of unknown acquisition or cost that a year's disposals used came from: per arrival
 * (an `unknown-in`, or the disposal or move that found units missing), what arrived, what of it the
 * report year's disposals used and their EUR proceeds ("Offene Punkte" of docs/product/tax-report.md).
 * The engine keeps a small integer per lot (`Lot.arrival`) into this table: no text per lot; the
 * entries are written once, at the end, only for the arrivals a disposal of the report year used.
 */
import type { ChainFork } from "../chains/chain-fork.ts";
import type { ArrivalKind, UnknownArrival, UnknownGroup } from "./declarations-api.ts";
import { eurCents, parseEur } from "./fixed.ts";
import { isoDate } from "./holding-period.ts";
import type { TaxReport, UnknownArrivalEntry } from "./types.ts";
import type { Valuation } from "./valuation.ts";

interface ArrivalRecord {
  kind: ArrivalKind;
  hash: string;
  chainId: number | null;
  wallet: string;
  asset: string;
  /** Unix seconds and German day number of the arrival. */
  time: number;
  day: number;
  /** Base units that arrived (or were missing). */
  amount: bigint;
  /** Base units the report year's disposals used, and their proceeds (atto-euros). */
  disposed: bigint;
  proceeds: bigint;
  proceedsKnown: boolean;
}

export interface ArrivalPlace {
  hash: string;
  chainId: number | null;
  wallet: string;
  asset: string;
  time: number;
  day: number;
}

/** The engine's arrivals: a record per arrival of unknown acquisition or cost, indexed by `Lot.arrival`. */
export class ArrivalTable {
  private readonly records: ArrivalRecord[] = [];
  /** Indexes of the records the report year's disposals used, in order of first use. */
  private readonly used: number[] = [];
  private readonly sacrificeAsset: string | null;
  private readonly forkTime: number;

  constructor(fork: ChainFork | undefined) {
    this.sacrificeAsset = fork ? `${fork.chainId}:native` : null;
    this.forkTime = fork ? fork.time : 0;
  }

  /** A new arrival; returns its index for `Lot.arrival`. */
  add(kind: ArrivalKind, at: ArrivalPlace, amount: bigint): number {
    const { hash, chainId, wallet, asset, time, day } = at;
    this.records.push({
      kind,
      hash,
      chainId,
      wallet,
      asset,
      time,
      day,
      amount,
      disposed: 0n,
      proceeds: 0n,
      proceedsKnown: true,
    });
    return this.records.length - 1;
  }

  /**
   * How units missing at an event came: the forked chain's native coin after the fork is PulseChain's
   * sacrifice credit (no transaction shows it), anything else insufficient holdings.
   */
  missingKind(asset: string, time: number): ArrivalKind {
    return asset === this.sacrificeAsset && time > this.forkTime ? "sacrifice" : "insufficient-holdings";
  }

  /** A disposal of the report year used `amount` of the arrival, for `proceeds` (null: unknown). */
  disposed(index: number, amount: bigint, proceeds: bigint | null): void {
    const r = this.records[index] as ArrivalRecord;
    if (r.disposed === 0n) this.used.push(index);
    r.disposed += amount;
    if (proceeds === null) r.proceedsKnown = false;
    else r.proceeds += proceeds;
  }

  /** The arrivals the report year's disposals used, in order of first use. */
  entries(valuation: Valuation): UnknownArrivalEntry[] {
    return this.used.map((i) => {
      const r = this.records[i] as ArrivalRecord;
      return {
        kind: r.kind,
        hash: r.hash,
        chainId: r.chainId,
        token: tokenOf(r.asset, r.chainId),
        wallet: r.wallet,
        asset: r.asset,
        symbol: valuation.meta(r.asset).symbol,
        arrivedOn: isoDate(r.day),
        arrivedAt: r.time,
        amount: valuation.amountText(r.asset, r.amount),
        disposedAmount: valuation.amountText(r.asset, r.disposed),
        eurAtStake: r.proceedsKnown ? eurCents(r.proceeds) : null,
      };
    });
  }
}

/** "369:0xabc" -> "0xabc", "369:native" -> "native"; an asset outside a chain is its own label. */
function tokenOf(asset: string, chainId: number | null): string {
  const prefix = chainId === null ? null : `${chainId}:`;
  return prefix !== null && asset.startsWith(prefix) ? asset.slice(prefix.length) : asset;
}

/** Larger known EUR first, unknown last. */
function byEurDesc(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const d = parseEur(b) - parseEur(a);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

function arrivalOf(e: UnknownArrivalEntry): UnknownArrival {
  return {
    chainId: e.chainId ?? 0,
    txHash: e.hash,
    token: e.token,
    wallet: e.wallet,
    arrivedOn: e.arrivedOn,
    arrivedAt: e.arrivedAt,
    amount: e.amount,
    disposedAmount: e.disposedAmount,
    eurAtStake: e.eurAtStake,
  };
}

/**
 * The report's unknown arrivals grouped by asset and how they arrived: in a group the arrivals with the
 * most EUR at stake first (then by date); the groups with the most EUR at stake first. A group's
 * `eurAtStake` is the sum of its arrivals' known values, so the lines add up to it.
 */
export function unknownGroups(report: Pick<TaxReport, "unknownArrivals">): UnknownGroup[] {
  const groups = new Map<string, { first: UnknownArrivalEntry; entries: UnknownArrivalEntry[] }>();
  for (const e of report.unknownArrivals) {
    const key = `${e.asset}\u0000${e.kind}`;
    const g = groups.get(key);
    if (g) g.entries.push(e);
    else groups.set(key, { first: e, entries: [e] });
  }
  const out: UnknownGroup[] = [];
  for (const { first, entries } of groups.values()) {
    entries.sort((a, b) => byEurDesc(a.eurAtStake, b.eurAtStake) || a.arrivedAt - b.arrivedAt);
    let sum = 0n;
    for (const e of entries) if (e.eurAtStake !== null) sum += parseEur(e.eurAtStake);
    out.push({
      chainId: first.chainId ?? 0,
      token: first.token,
      asset: first.asset,
      symbol: first.symbol,
      arrivalKind: first.kind,
      arrivals: entries.map(arrivalOf),
      eurAtStake: eurCents(sum),
    });
  }
  return out.sort(
    (a, b) =>
      byEurDesc(a.eurAtStake, b.eurAtStake) ||
      (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0) ||
      (a.arrivalKind < b.arrivalKind ? -1 : a.arrivalKind > b.arrivalKind ? 1 : 0),
  );
}
