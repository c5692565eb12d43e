import type { NormalizedTransfer } from "../chains/transfer.ts";
import type { BridgeMove } from "../tax/bridge-moves.ts";
import type { LegEvent, TaxEvent, TaxLeg } from "../tax/types.ts";
import type { RejectionReason } from "./imports-api.ts";

/**
 * Moves between an imported exchange account and an own wallet (docs/product/imports.md, "Moves
 * between an account and a wallet"): a withdrawal from the account and its arrival in an own wallet, or
 * an own wallet's outflow and its deposit on the account, become one transfer, so the lots keep the
 * exchange purchase's date and cost (or the wallet's). A pair is the same chain asset, an amount within
 * the network fee (the fee the row names in that asset, else 1 %), and the arrival within 24 hours after
 * the departure (a few minutes of clock difference allowed); where the export names the transaction
 * hash, only that transaction. Each chain record pairs once; what finds no partner stays "Unbekannt".
 */
export interface ExchangeMoves {
  /** The imported events with the paired withdrawals and deposits replaced. */
  events: TaxEvent[];
  /** The chain sides of the pairs, for the classification (booked like the bridge's, as plain transfers). */
  moves: BridgeMove[];
  paired: number;
  /** The ids of the imported withdrawals and deposits that found their partner. */
  pairedIds: Set<string>;
  /** For each that did not: the chain records of the same coin within three days, and why each was not taken. */
  rejected: Map<string, RejectedCandidate[]>;
}

/** A chain record that could have been the partner of an unpaired move, and why it was not. */
export interface RejectedCandidate {
  chainId: number;
  txHash: string;
  /** Unix seconds. */
  time: number;
  reason: RejectionReason;
}

const DAY = 86_400;
/** How far around an unpaired move the candidates are looked for. */
const CANDIDATE_WINDOW = 3 * DAY;
/** Exchange and chain clocks differ by a little; a withdrawal is often booked after its transaction. */
const SKEW = 600;
/** Without a fee in the same asset, the arrival may be this much smaller (per mille). */
const UNSTATED_FEE_PER_MILLE = 10n;

interface Flow {
  t: NormalizedTransfer;
  wallet: string;
  asset: string;
  amount: bigint;
}

export function matchExchangeMoves(
  imported: readonly TaxEvent[],
  chain: readonly NormalizedTransfer[],
  ownWallets: ReadonlySet<string>,
  /** Transactions already paired otherwise (`chainId:txHash` of the bridge's moves): never a partner here. */
  claimed: ReadonlySet<string> = new Set(),
): ExchangeMoves {
  const free = chain.filter((t) => !claimed.has(`${t.chainId}:${t.txHash}`));
  const inflows = flows(free, ownWallets, "in");
  const outflows = flows(free, ownWallets, "out");
  const used = new Set<NormalizedTransfer>();
  const moves: BridgeMove[] = [];
  // Earliest first, whatever the account: an earlier move takes its partner before a later one.
  const events = [...imported]
    .sort((a, b) => a.time - b.time)
    .flatMap((e): TaxEvent[] => {
      if (e.kind === "unknown-out") return pairWithdrawal(e, inflows, used, moves);
      if (e.kind === "unknown-in") return pairDeposit(e, outflows, used, moves);
      return [e];
    });
  const pairedIds = new Set(moves.map((m) => m.messageId.replace(/^exchange-(out|in):/, "")));
  const rejected = new Map<string, RejectedCandidate[]>();
  for (const e of imported) {
    if (!e.id || pairedIds.has(e.id) || (e.kind !== "unknown-out" && e.kind !== "unknown-in")) continue;
    rejected.set(e.id, rejectedCandidates(e, e.kind === "unknown-out" ? inflows : outflows, used));
  }
  return { events, moves, paired: moves.length, pairedIds, rejected };
}

/** Own wallets' chain records with an outside address on the other side, by asset key. */
function flows(
  chain: readonly NormalizedTransfer[],
  own: ReadonlySet<string>,
  side: "in" | "out",
): Map<string, Flow[]> {
  const out = new Map<string, Flow[]>();
  for (const t of chain) {
    const wallet = side === "in" ? t.to : t.from;
    const other = side === "in" ? t.from : t.to;
    if (!own.has(wallet) || own.has(other)) continue;
    const asset = `${t.chainId}:${t.token}`;
    const list = out.get(asset) ?? [];
    list.push({ t, wallet, asset, amount: BigInt(t.amount) });
    out.set(asset, list);
  }
  return out;
}

/** The lowest amount that still counts as `amount` less a network fee. */
function lowest(amount: bigint, fee: bigint | undefined): bigint {
  return fee !== undefined ? amount - fee : amount - (amount * UNSTATED_FEE_PER_MILLE) / 1000n;
}

function sameAssetFee(e: TaxEvent, asset: string): bigint | undefined {
  return e.fee && e.fee.asset === asset ? e.fee.amount : undefined;
}

/** The best candidate: the export's own hash, else the closest amount, then the earliest. */
function pick(
  candidates: readonly Flow[],
  ok: (f: Flow) => boolean,
  txHash: string | undefined,
  target: bigint,
): Flow | undefined {
  const fits = candidates.filter((f) => ok(f) && (!txHash || f.t.txHash === txHash.toLowerCase()));
  const distance = (f: Flow) => (f.amount > target ? f.amount - target : target - f.amount);
  return fits.sort((a, b) => Number(distance(a) - distance(b)) || a.t.timestamp - b.t.timestamp)[0];
}

function pairWithdrawal(
  e: LegEvent,
  inflows: Map<string, Flow[]>,
  used: Set<NormalizedTransfer>,
  moves: BridgeMove[],
): TaxEvent[] {
  const leg = e.given[0] as TaxLeg;
  const floor = lowest(leg.amount, sameAssetFee(e, leg.asset));
  const ok = (f: Flow) =>
    !used.has(f.t) &&
    f.amount <= leg.amount &&
    f.amount >= floor &&
    f.t.timestamp >= e.time - SKEW &&
    f.t.timestamp <= e.time + DAY;
  const arrival = pick(inflows.get(leg.asset) ?? [], ok, e.txHash, leg.amount);
  if (!arrival) return [e];
  used.add(arrival.t);
  moves.push(move(`exchange-out:${e.id}`, { wallet: leg.wallet, amount: leg.amount, time: e.time }, arrival, "to"));
  // The withdrawal's fee is still paid from the account, unless it is the part that did not arrive
  // (the engine takes that difference of the transfer like a fee already).
  const feeInArrival = sameAssetFee(e, leg.asset) !== undefined && arrival.amount < leg.amount;
  return e.fee && !feeInArrival ? [{ ...e, kind: "fee-only", given: [] }] : [];
}

function pairDeposit(
  e: LegEvent,
  outflows: Map<string, Flow[]>,
  used: Set<NormalizedTransfer>,
  moves: BridgeMove[],
): TaxEvent[] {
  const leg = e.received[0] as TaxLeg;
  const ok = (f: Flow) =>
    !used.has(f.t) &&
    f.amount >= leg.amount &&
    lowest(f.amount, undefined) <= leg.amount &&
    f.t.timestamp <= e.time + SKEW &&
    f.t.timestamp >= e.time - DAY;
  const departure = pick(outflows.get(leg.asset) ?? [], ok, e.txHash, leg.amount);
  if (!departure) return [e];
  used.add(departure.t);
  moves.push(move(`exchange-in:${e.id}`, { wallet: leg.wallet, amount: leg.amount, time: e.time }, departure, "from"));
  // The transfer is booked at the deposit: the chain's departure record books nothing (like a bridge's).
  const given = [{ wallet: departure.wallet, asset: leg.asset, amount: departure.amount, counterparty: leg.wallet }];
  const received = [{ ...leg, counterparty: departure.wallet }];
  const { arrival: _, ...rest } = e;
  return [{ ...rest, kind: "transfer", given, received, valueFrom: undefined }];
}

/** The pair as the classification takes it: the chain side by its transaction, the account's side by the row. */
function move(
  id: string,
  account: { wallet: string; amount: bigint; time: number },
  chainSide: Flow,
  chainIs: "from" | "to",
): BridgeMove {
  const { t } = chainSide;
  const chainPart = {
    chainId: t.chainId,
    txHash: t.txHash,
    wallet: chainSide.wallet,
    token: t.token,
    amount: chainSide.amount,
    time: t.timestamp,
  };
  const accountPart = {
    chainId: t.chainId,
    txHash: id,
    wallet: account.wallet,
    token: t.token,
    amount: account.amount,
    time: account.time,
  };
  return chainIs === "to"
    ? { messageId: id, from: accountPart, to: chainPart, via: "exchange" }
    : { messageId: id, from: chainPart, to: accountPart, via: "exchange" };
}

/**
 * The chain records of the move's coin within three days around it, each with the first rule it broke
 * (the user sees why the matcher did not take it: docs/product/imports.md).
 */
function rejectedCandidates(
  e: TaxEvent,
  flowsByAsset: Map<string, Flow[]>,
  used: Set<NormalizedTransfer>,
): RejectedCandidate[] {
  const out = e.kind === "unknown-out";
  const leg = (out ? e.given[0] : e.received[0]) as TaxLeg;
  const near = (flowsByAsset.get(leg.asset) ?? []).filter((f) => Math.abs(f.t.timestamp - e.time) <= CANDIDATE_WINDOW);
  return near.map((f) => ({
    chainId: f.t.chainId,
    txHash: f.t.txHash,
    time: f.t.timestamp,
    reason: rejection(e, leg, f, used, out),
  }));
}

function rejection(e: TaxEvent, leg: TaxLeg, f: Flow, used: Set<NormalizedTransfer>, out: boolean): RejectionReason {
  if (used.has(f.t)) return "already-paired";
  if (e.txHash && f.t.txHash !== e.txHash.toLowerCase()) return "other-transaction";
  // A withdrawal's arrival comes after it; a deposit's departure before it.
  const [earliest, latest] = out ? [e.time - SKEW, e.time + DAY] : [e.time - DAY, e.time + SKEW];
  if (f.t.timestamp < earliest) return "too-early";
  if (f.t.timestamp > latest) return "too-late";
  // The candidate's amount is outside the move's less its fee (a withdrawal) or its plus one (a deposit).
  if (out) return f.amount > leg.amount ? "amount-larger" : "amount-smaller";
  return f.amount < leg.amount ? "amount-smaller" : "amount-larger";
}
