/**
 * Row building: the report row of one event, from the lot parts the FIFO used (collected while the
 * event is booked) and the event's value. Every text of a row is written once: a leg's exact amount
 * serves the row, the lot parts that are all of it and the description.
 */
import { LOT_EPOCH, type Lot, UNKNOWN } from "./fifo.ts";
import { eurCents, eurExact } from "./fixed.ts";
import { berlinDay, holdingPeriodEnd, isoDate, isoUtc } from "./holding-period.ts";
import { YearLists } from "./line-cents.ts";
import type { StakePhase } from "./stake-events.ts";
import type {
  ConsumedLot,
  DeclaredStatement,
  DescribedAmount,
  DescriptionKey,
  ReportTransaction,
  ReportTyp,
  RowDescription,
  Taxability,
  TaxEvent,
  TaxLeg,
  UnknownReason,
} from "./types.ts";
import type { Valuation } from "./valuation.ts";

export const DEFAULT_TYP: Readonly<Record<TaxEvent["kind"], ReportTyp>> = {
  buy: "Kauf",
  sell: "Verkauf",
  swap: "Tausch",
  income: "ROI",
  transfer: "Transfer",
  "unknown-in": "Unbekannt",
  "unknown-out": "Unbekannt",
  "fee-only": "Gebühr",
  "fork-copy": "Transfer",
};

const EMPTY_LOTS: readonly ConsumedLot[] = Object.freeze([]) as readonly ConsumedLot[];
const NO_AMOUNTS: readonly DescribedAmount[] = Object.freeze([]) as readonly DescribedAmount[];

/**
 * A row's own copy of its lots. One or two lots (most rows) as array literals: V8 allocates those
 * directly in the old generation once it sees they all survive, so the garbage collector never copies them.
 */
function copyLots(lots: readonly ConsumedLot[], count: number): ConsumedLot[] {
  if (count === 0) return EMPTY_LOTS as ConsumedLot[];
  if (count === 1) return [lots[0] as ConsumedLot];
  if (count === 2) return [lots[0] as ConsumedLot, lots[1] as ConsumedLot];
  return lots.slice(0, count);
}

const STAKE_KEYS: Readonly<Record<StakePhase, DescriptionKey>> = {
  start: "stakeStart",
  end: "stakeEnd",
  yield: "stakeYield",
  penalty: "stakePenalty",
};

/** Which phrase describes the event (a buy or sell with one side only reads with its value). */
function descriptionKey(ev: TaxEvent): DescriptionKey {
  if (ev.stake) return STAKE_KEYS[ev.stake.phase];
  if (ev.declared) return "declared";
  if (ev.bridge) return ev.bridge.unmatched ? "bridgeUnmatched" : "bridge";
  switch (ev.kind) {
    case "buy":
      return ev.given.length ? "buy" : "boughtForEur";
    case "sell":
      return ev.received.length ? "sell" : "soldForEur";
    case "transfer":
      return ev.wrap ?? "transfer";
    case "unknown-in":
      return "unknownIn";
    case "unknown-out":
      return "unknownOut";
    case "fee-only":
      return "feeOnly";
    case "fork-copy":
      return "forkCopy";
    default:
      return ev.kind;
  }
}

/** Where and when the event happened, as the row shows it. */
export interface EventPlace {
  hash: string;
  /** German calendar day number and its "YYYY-MM-DD". */
  day: number;
  date: string;
}

/** The event's value and fee, as valued. */
export interface EventValue {
  value: bigint | null;
  source: string | null;
  fee: bigint | null;
  feeSource: string | null;
  missingPrice: boolean;
}

/** One disposed lot part, as the FIFO and the year totals saw it. */
export interface DisposedPart {
  end: number;
  taxFree: boolean | null;
  proceeds: bigint | null;
  gain: bigint | null;
  unknown: UnknownReason | undefined;
}

/** The rows by `typ` and `steuerpflichtig`: the summary's counts. */
export interface RowCounts {
  käufe: number;
  verkäufe: number;
  roi: number;
  tausch: number;
  unbekannt: number;
  steuerpflichtig: number;
  steuerfrei: number;
  unknown: number;
}

export class RowBuilder {
  readonly rows: ReportTransaction[] = [];
  /** Sum of the rows' known values (atto-euros). */
  totalValue = 0n;
  /** Counted as the rows are added (no pass over all rows at the end). */
  readonly counts: RowCounts = {
    käufe: 0,
    verkäufe: 0,
    roi: 0,
    tausch: 0,
    unbekannt: 0,
    steuerpflichtig: 0,
    steuerfrei: 0,
    unknown: 0,
  };
  /** The ROI rows' exact income by year, as they are added: the lines whose cents are their values (line-cents.ts). */
  readonly incomeLines = new YearLists<ReportTransaction>();
  // The row being built.
  /** The row's lot parts: the first lotCount (emptying an array by its length is a runtime call). */
  private readonly lots: ConsumedLot[] = [];
  private lotCount = 0;
  private gain = 0n;
  private gainKnown = true;
  private disposed = false;
  private anyTaxable = false;
  private anyUnknown = false;
  private latestEnd = UNKNOWN;
  private endKnown = true;
  /** Disposed lot parts of the row, and the gain text of the last one (the row's gain when it is the only one). */
  private parts = 0;
  private gainText: string | null = null;
  /** The exact amount texts of the current event's legs (the first textCount), so that a row writes each only once. */
  private readonly textLegs: TaxLeg[] = [];
  private readonly textValues: string[] = [];
  private textCount = 0;
  /** The user's statement for missing units of the row's disposal or move (declarations.ts). */
  private statement: DeclaredStatement | undefined = undefined;

  constructor(private readonly valuation: Valuation) {}

  /** Starts the next event's row. */
  reset(): void {
    this.lotCount = 0;
    this.gain = 0n;
    this.gainKnown = true;
    this.disposed = false;
    this.anyTaxable = false;
    this.anyUnknown = false;
    this.latestEnd = UNKNOWN;
    this.endKnown = true;
    this.parts = 0;
    this.gainText = null;
    this.textCount = 0;
    this.statement = undefined;
  }

  /** The row books the user's statement for units its event found missing. */
  declare(statement: DeclaredStatement): void {
    this.statement = statement;
  }

  /** A leg's amount in whole tokens, written once per event. */
  legAmount(leg: TaxLeg): string {
    const legs = this.textLegs;
    const n = this.textCount;
    for (let i = 0; i < n; i++) if (legs[i] === leg) return this.textValues[i] as string;
    const text = this.valuation.amountText(leg.asset, leg.amount);
    legs[n] = leg;
    this.textValues[n] = text;
    this.textCount = n + 1;
    return text;
  }

  /** A lot part's amount text: the leg's when the part is all of it. */
  private partAmount(leg: TaxLeg, piece: Lot): string {
    if (piece.amount === leg.amount) return this.legAmount(leg);
    return this.valuation.amountText(leg.asset, piece.amount);
  }

  private latest(known: boolean, end: number): void {
    if (!known) this.endKnown = false;
    else if (end > this.latestEnd) this.latestEnd = end;
  }

  disposedPart(leg: TaxLeg, piece: Lot, p: DisposedPart): void {
    const known = piece.day !== UNKNOWN;
    const gainText = p.gain === null ? null : eurExact(p.gain);
    this.disposed = true;
    this.parts++;
    this.gainText = gainText;
    if (p.gain === null) {
      this.gainKnown = false;
      this.anyUnknown = true;
    } else this.gain += p.gain;
    if (p.taxFree === false) this.anyTaxable = true;
    this.latest(known, p.end);
    this.lots[this.lotCount++] = {
      use: "disposed",
      wallet: leg.wallet,
      asset: leg.asset,
      symbol: this.valuation.meta(leg.asset).symbol,
      acquired: known ? isoDate(piece.day) : null,
      acquiredAt: known ? piece.time + LOT_EPOCH : null,
      amount: this.partAmount(leg, piece),
      cost: piece.cost === null ? null : eurExact(piece.cost),
      proceeds: p.proceeds === null ? null : eurExact(p.proceeds),
      gain: gainText,
      taxFree: p.taxFree,
      holdingPeriodEnds: known ? isoDate(p.end) : null,
      unknown: p.unknown,
    };
  }

  /** A lot part moved to another own wallet. */
  movedPart(from: TaxLeg, piece: Lot): void {
    const known = piece.day !== UNKNOWN;
    const end = known ? holdingPeriodEnd(piece.day) : UNKNOWN;
    this.latest(known, end);
    const amount = this.partAmount(from, piece);
    this.lots[this.lotCount++] = {
      use: "moved",
      wallet: from.wallet,
      asset: from.asset,
      symbol: this.valuation.meta(from.asset).symbol,
      acquired: known ? isoDate(piece.day) : null,
      acquiredAt: known ? piece.time + LOT_EPOCH : null,
      amount,
      cost: piece.cost === null ? null : eurExact(piece.cost),
      proceeds: null,
      gain: null,
      taxFree: null,
      holdingPeriodEnds: known ? isoDate(end) : null,
      unknown: known ? undefined : "insufficient-holdings",
    };
  }

  private taxability(kind: TaxEvent["kind"], value: bigint | null): Taxability {
    if (kind === "unknown-in" || kind === "unknown-out") return "unknown";
    if (kind === "transfer" || kind === "fee-only" || kind === "fork-copy") return false;
    if (kind === "income") return value === null ? "unknown" : true;
    if (this.disposed) return this.anyUnknown ? "unknown" : this.anyTaxable;
    return value === null ? "unknown" : false;
  }

  /** The last taxable day: of the lot acquired, else the latest of the lots used (null when one is unknown). */
  private holdingEnd(ev: TaxEvent, day: number): string | null {
    const k = ev.kind;
    const acquires = k === "buy" || k === "swap" || k === "income" || k === "unknown-in";
    if (acquires && ev.received.length > 0)
      return isoDate(holdingPeriodEnd(ev.acquiredAt === undefined ? day : berlinDay(ev.acquiredAt)));
    if (this.lotCount > 0 && this.endKnown) return isoDate(this.latestEnd);
    return null;
  }

  add(ev: TaxEvent, place: EventPlace, v: EventValue): void {
    const kind = ev.kind;
    const typ = ev.typ ?? DEFAULT_TYP[kind];
    const given = ev.given;
    const received = ev.received;
    const givenMain = kind === "sell" || kind === "unknown-out" || kind === "transfer" || received.length === 0;
    const main = (givenMain ? given[0] : received[0]) ?? received[0] ?? given[0] ?? ev.fee;
    const mainMeta = main ? this.valuation.meta(main.asset) : undefined;
    let coin = mainMeta?.symbol ?? "";
    if (kind === "swap" && given[0] && received[0])
      coin = `${this.valuation.meta(given[0].asset).symbol} → ${this.valuation.meta(received[0].asset).symbol}`;
    const value = v.value;
    if (value !== null) this.totalValue += value;
    const row: ReportTransaction = {
      hash: place.hash,
      typ,
      coin_name: coin,
      steuerpflichtig: this.taxability(kind, value),
      haltefrist_endet: this.holdingEnd(ev, place.day),
      wertEUR: value === null ? null : eurCents(value),
      token_address: mainMeta?.address ?? "",
      from_address: fromAddress(ev, main, givenMain),
      to_address: toAddress(ev, main, givenMain),
      block_timestamp: isoUtc(ev.time),
      transaction_fee: v.fee === null ? null : eurCents(v.fee),
      description: this.describeWithStatement(ev, main),
      wallet: main?.wallet ?? "",
      kind,
      chainId: ev.chainId ?? null,
      time: ev.time,
      date: place.date,
      amount: main ? this.legAmount(main) : "0",
      lots: copyLots(this.lots, this.lotCount),
      gain: !this.disposed || !this.gainKnown ? null : this.parts === 1 ? this.gainText : eurExact(this.gain),
      income: kind === "income" && value !== null ? eurExact(value) : null,
      priceSource: v.source ?? (kind === "fee-only" ? v.feeSource : null),
      missingPrice: v.missingPrice,
    };
    this.rows.push(row);
    this.count(row);
    if (row.income !== null && value !== null) this.incomeLines.addExact(place.date.slice(0, 4), row, value);
  }

  private count(row: ReportTransaction): void {
    const c = this.counts;
    const typ = row.typ;
    if (typ === "Kauf") c.käufe++;
    else if (typ === "Verkauf") c.verkäufe++;
    else if (typ === "ROI") c.roi++;
    else if (typ === "Tausch") c.tausch++;
    else if (typ === "Unbekannt") c.unbekannt++;
    if (row.steuerpflichtig === true) c.steuerpflichtig++;
    else if (row.steuerpflichtig === false) c.steuerfrei++;
    else c.unknown++;
  }

  private described(leg: TaxLeg): DescribedAmount {
    return { amount: this.legAmount(leg), symbol: this.valuation.meta(leg.asset).symbol };
  }

  private describedLegs(legs: readonly TaxLeg[]): DescribedAmount[] {
    if (legs.length === 1) return [this.described(legs[0] as TaxLeg)];
    const out: DescribedAmount[] = [];
    for (const leg of legs) out.push(this.described(leg));
    return out;
  }

  /** The description, with the user's statement for units the event found missing when there is one. */
  private describeWithStatement(ev: TaxEvent, main: TaxLeg | undefined): RowDescription {
    const d = this.describe(ev, main);
    if (this.statement !== undefined && d.declared === undefined) d.declared = this.statement;
    return d;
  }

  /** The row's description: a key and the amounts its phrase names (the words come at the edges). */
  private describe(ev: TaxEvent, main: TaxLeg | undefined): RowDescription {
    const key = descriptionKey(ev);
    const none = NO_AMOUNTS as DescribedAmount[];
    switch (key) {
      case "buy":
      case "sell":
      case "swap":
        return { key, given: this.describedLegs(ev.given), received: this.describedLegs(ev.received), note: ev.note };
      case "boughtForEur":
        return { key, given: none, received: main ? [this.described(main)] : none, note: ev.note };
      case "soldForEur":
        return { key, given: main ? [this.described(main)] : none, received: none, note: ev.note };
      case "income":
      case "unknownIn":
      case "stakeYield":
        return { key, given: none, received: this.describedLegs(ev.received), note: ev.note };
      case "declared":
        return { key, given: none, received: this.describedLegs(ev.received), note: ev.note, declared: ev.declared };
      case "feeOnly":
        return { key, given: none, received: none, note: ev.note };
      case "forkCopy":
      case "bridge":
      case "bridgeUnmatched":
        return describedExtra(key, ev, this.describedLegs(ev.given), this.describedLegs(ev.received));
      default:
        return { key, given: this.describedLegs(ev.given), received: none, note: ev.note };
    }
  }
}

/** The descriptions that name more than amounts: the fork's date, the bridge's chains and why a side is alone. */
function describedExtra(
  key: "forkCopy" | "bridge" | "bridgeUnmatched",
  ev: TaxEvent,
  given: DescribedAmount[],
  received: DescribedAmount[],
): RowDescription {
  const d: RowDescription = { key, given, received, note: ev.note };
  if (key === "forkCopy" && ev.forkCopy) d.date = isoDate(berlinDay(ev.forkCopy.forkTime));
  const bridge = ev.bridge;
  if (bridge) {
    d.fromChain = bridge.fromChainId;
    d.toChain = bridge.toChainId;
    if (bridge.unmatched) d.reason = bridge.unmatched;
  }
  return d;
}

/** The row's from: the sending wallet of a transfer, else the main leg's wallet or counterparty. */
function fromAddress(ev: TaxEvent, main: TaxLeg | undefined, givenMain: boolean): string {
  if (ev.kind === "transfer") return ev.given[0]?.wallet ?? "";
  if (!main) return "";
  return givenMain ? main.wallet : (main.counterparty ?? "");
}

/** The row's to: the receiving wallet of a transfer, else the main leg's counterparty or wallet. */
function toAddress(ev: TaxEvent, main: TaxLeg | undefined, givenMain: boolean): string {
  if (ev.kind === "transfer") return ev.received[0]?.wallet ?? "";
  if (!main) return "";
  return givenMain ? (main.counterparty ?? "") : main.wallet;
}
