/**
 * Bridge moves in the classification (README.md, "Bridge moves"), applied while a transaction's
 * records are netted, like the HEX stakes. With the user's BridgeMoves:
 * - the departing record (the own wallet's outflow of the bridged token in the departure
 *   transaction; for "native" the native coin sent to the bridge's router) books nothing: the lots
 *   stay until the tokens arrive;
 * - the arriving record (the inflow of the token into the own wallet in the arrival transaction)
 *   becomes one `transfer` from the token on the departure chain to its counterpart on the arrival
 *   chain: the lots move with their dates and costs (a smaller amount arriving: the engine takes the
 *   difference like a fee, engine.ts `moveAcross`);
 * - a side whose counterpart is missing (`unmatched`) stays `unknown-in` / `unknown-out`, an event of
 *   its own that names the bridge, the other chain and why.
 * A record is matched by wallet and token, the same amount first, else the first such record.
 */
import type { NormalizedTransfer } from "../chains/transfer.ts";
import type { BridgeMove, BridgeMoves, BridgeSide, UnmatchedBridgeSide } from "./bridge-moves.ts";
import type { LegEvent, TaxEvent, TaxLeg } from "./types.ts";

type Emit = (e: TaxEvent) => void;

function assetOf(side: BridgeSide): string {
  return `${side.chainId}:${side.token}`;
}

function event(
  t: NormalizedTransfer,
  time: number,
  kind: LegEvent["kind"],
  given: TaxLeg[],
  received: TaxLeg[],
): LegEvent {
  return {
    time,
    kind,
    given,
    received,
    fee: undefined,
    valueFrom: kind === "unknown-out" ? "given" : "received",
    txHash: t.txHash,
    chainId: t.chainId,
    blockNumber: t.blockNumber,
    note: undefined,
    wrap: undefined,
  };
}

/** The arrival: one transfer from the departing token to the arriving one, at the arrival's time. */
function moveEvent(m: BridgeMove, t: NormalizedTransfer): TaxEvent {
  const given = [{ wallet: m.from.wallet, asset: assetOf(m.from), amount: m.from.amount, counterparty: m.to.wallet }];
  const received = [{ wallet: m.to.wallet, asset: assetOf(m.to), amount: m.to.amount, counterparty: m.from.wallet }];
  const e = event(t, t.timestamp, "transfer", given, received);
  e.valueFrom = undefined;
  if (m.via !== "exchange") e.bridge = { fromChainId: m.from.chainId, toChainId: m.to.chainId };
  return e;
}

/** A side alone: an arrival of unknown cost, or an outflow without proceeds, with the bridge's reason. */
function unmatchedEvent(u: UnmatchedBridgeSide, t: NormalizedTransfer, amount: bigint, counterparty: string): TaxEvent {
  const leg = { wallet: u.wallet, asset: `${t.chainId}:${t.token}`, amount, counterparty };
  const incoming = u.direction === "in";
  const e = event(
    t,
    t.timestamp,
    incoming ? "unknown-in" : "unknown-out",
    incoming ? [] : [leg],
    incoming ? [leg] : [],
  );
  e.bridge = {
    fromChainId: incoming ? u.otherChainId : u.chainId,
    toChainId: incoming ? u.chainId : u.otherChainId,
    unmatched: u.reason,
  };
  if (incoming) e.arrival = "bridge-unmatched";
  return e;
}

interface Side {
  wallet: string;
  token: string;
  amount: bigint;
}

/** Whether a record is this side's: the wallet's outflow (out) or inflow (in) of the token, of the amount when `exact`. */
function matches(t: NormalizedTransfer, side: Side, out: boolean, exact: boolean): boolean {
  if ((out ? t.from : t.to) !== side.wallet || t.token !== side.token) return false;
  return !exact || BigInt(t.amount) === side.amount;
}

/** One transaction's bridge sides and which of them a record has taken. */
export class BridgeRecords {
  private departing: readonly BridgeMove[] | undefined;
  private arriving: readonly BridgeMove[] | undefined;
  private unmatched: readonly UnmatchedBridgeSide[] | undefined;
  /** Taken sides: departures, then arrivals, then unmatched, by index. */
  private readonly taken: boolean[] = [];

  constructor(private readonly moves: BridgeMoves | undefined) {}

  /** Starts a transaction; false when no bridge side is in it. */
  begin(chainId: number, txHash: string): boolean {
    const m = this.moves;
    if (!m) return false;
    this.departing = m.departing(chainId, txHash);
    this.arriving = m.arriving(chainId, txHash);
    this.unmatched = m.unmatchedIn(chainId, txHash);
    if (!this.departing && !this.arriving && !this.unmatched) return false;
    this.taken.length = 0;
    return true;
  }

  /**
   * When the record is a bridge side (the records of the transaction in `records`, to prefer one of the
   * same amount): books it (or nothing, for a departure) and returns true.
   */
  take(t: NormalizedTransfer, records: readonly NormalizedTransfer[], n: number, emit: Emit): boolean {
    const dep = this.departing ?? [];
    const arr = this.arriving ?? [];
    const alone = this.unmatched ?? [];
    for (let i = 0; i < dep.length; i++)
      if (this.claim(i, t, (dep[i] as BridgeMove).from, true, records, n)) return true;
    for (let i = 0; i < arr.length; i++) {
      const m = arr[i] as BridgeMove;
      if (this.claim(dep.length + i, t, m.to, false, records, n)) {
        emit(moveEvent(m, t));
        return true;
      }
    }
    for (let i = 0; i < alone.length; i++) {
      const u = alone[i] as UnmatchedBridgeSide;
      const out = u.direction === "out";
      if (this.claim(dep.length + arr.length + i, t, u, out, records, n)) {
        emit(unmatchedEvent(u, t, BigInt(t.amount), out ? t.to : t.from));
        return true;
      }
    }
    return false;
  }

  /** An arrival whose record was not among the transaction's records: booked all the same (the bridge's events say it arrived). */
  finish(first: NormalizedTransfer, emit: Emit): void {
    const dep = this.departing?.length ?? 0;
    const arr = this.arriving ?? [];
    for (let i = 0; i < arr.length; i++) if (!this.taken[dep + i]) emit(moveEvent(arr[i] as BridgeMove, first));
    this.departing = undefined;
    this.arriving = undefined;
    this.unmatched = undefined;
  }

  /**
   * Takes side `index` for record t when t is its record: the one of the same amount, or (when the
   * transaction has none of that amount) the first record of the wallet and token.
   */
  private claim(
    index: number,
    t: NormalizedTransfer,
    side: Side,
    out: boolean,
    records: readonly NormalizedTransfer[],
    n: number,
  ): boolean {
    if (this.taken[index] || !matches(t, side, out, false)) return false;
    if (!matches(t, side, out, true)) {
      for (let r = 0; r < n; r++) {
        const other = records[r] as NormalizedTransfer;
        if (other !== t && matches(other, side, out, true)) return false;
      }
    }
    this.taken[index] = true;
    return true;
  }
}
