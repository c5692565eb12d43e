/**
 * The stake rule of README.md ("HEX stakes"), applied while a transaction's records are netted: the
 * record that moved a stake's principal in (StakeStart) or paid it back (StakeEnd) becomes the
 * stake's events instead of a flow, so a stake is never a disposal nor its principal income.
 */
import type { NormalizedTransfer } from "../chains/transfer.ts";
import { type StakeEvent, type StakeEvents, type StakePhase, stakeWallet } from "./stake-events.ts";
import type { LegEvent, TaxEvent, TaxLeg } from "./types.ts";

type Emit = (e: TaxEvent) => void;

function stakeEvent(
  t: NormalizedTransfer,
  kind: LegEvent["kind"],
  phase: StakePhase,
  id: string,
  given: TaxLeg[],
  received: TaxLeg[],
): TaxEvent {
  return {
    time: t.timestamp,
    kind,
    given,
    received,
    fee: undefined,
    valueFrom: kind === "income" ? "received" : undefined,
    txHash: t.txHash,
    chainId: t.chainId,
    blockNumber: t.blockNumber,
    note: undefined,
    wrap: undefined,
    stake: { id, phase },
  };
}

/** Start: the principal moves from the wallet into the stake, lots with their dates and costs. */
function bookStart(e: StakeEvent, t: NormalizedTransfer, asset: string, emit: Emit): void {
  const inStake = stakeWallet(e.wallet, e.stakeId);
  const given = [{ wallet: e.wallet, asset, amount: e.principal, counterparty: inStake }];
  const received = [{ wallet: inStake, asset, amount: e.principal, counterparty: e.wallet }];
  emit(stakeEvent(t, "transfer", "start", e.stakeId, given, received));
}

/** End: the principal back (a transfer), the yield above it income, a loss of principal without proceeds. */
function bookEnd(e: StakeEvent, t: NormalizedTransfer, asset: string, payer: string, emit: Emit): void {
  const inStake = stakeWallet(e.wallet, e.stakeId);
  const back = e.returned < e.principal ? e.returned : e.principal;
  if (back > 0n) {
    const given = [{ wallet: inStake, asset, amount: back, counterparty: e.wallet }];
    const received = [{ wallet: e.wallet, asset, amount: back, counterparty: inStake }];
    emit(stakeEvent(t, "transfer", "end", e.stakeId, given, received));
  }
  if (e.returned > e.principal) {
    // From the stake: the row names the stake the yield came from (and a search for it finds it).
    const received = [{ wallet: e.wallet, asset, amount: e.returned - e.principal, counterparty: inStake }];
    emit(stakeEvent(t, "income", "yield", e.stakeId, [], received));
  }
  if (e.returned < e.principal) {
    const given = [{ wallet: inStake, asset, amount: e.principal - e.returned, counterparty: payer }];
    emit(stakeEvent(t, "unknown-out", "penalty", e.stakeId, given, []));
  }
}

/** One transaction's stake events and which of them a record has taken. */
export class StakeRecords {
  private events: readonly StakeEvent[] | undefined;
  private readonly taken: boolean[] = [];

  constructor(private readonly stakes: StakeEvents | undefined) {}

  /** Starts a transaction; false when it has no stake event. */
  begin(chainId: number, txHash: string): boolean {
    this.events = this.stakes && this.stakes.size > 0 ? this.stakes.of(chainId, txHash) : undefined;
    if (!this.events) return false;
    this.taken.length = 0;
    return true;
  }

  /** When the record is a stake's principal going in or coming back: books it and returns true. */
  take(t: NormalizedTransfer, asset: string, emit: Emit): boolean {
    const events = this.events;
    if (!events) return false;
    for (let i = 0; i < events.length; i++) {
      const e = events[i] as StakeEvent;
      if (this.taken[i] || t.token !== e.token) continue;
      const amount = BigInt(t.amount);
      if (e.phase === "start" && t.from === e.wallet && amount === e.principal) {
        this.taken[i] = true;
        bookStart(e, t, asset, emit);
        return true;
      }
      if (e.phase === "end" && t.to === e.wallet && amount === e.returned) {
        this.taken[i] = true;
        bookEnd(e, t, asset, t.from, emit);
        return true;
      }
    }
    return false;
  }

  /** An end that returned nothing has no record to take: its whole principal is lost to the penalty. */
  finish(first: NormalizedTransfer, assetOf: (token: string) => string, emit: Emit): void {
    const events = this.events;
    if (!events) return;
    for (let i = 0; i < events.length; i++) {
      const e = events[i] as StakeEvent;
      if (!this.taken[i] && e.phase === "end" && e.returned === 0n) bookEnd(e, first, assetOf(e.token), e.token, emit);
    }
    this.events = undefined;
  }
}
