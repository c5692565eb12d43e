/**
 * The tax engine: events in chronological order through FIFO lots per wallet and asset, with the
 * German one-year period, fees, income as new lots and the Freigrenzen per calendar year. Pure and
 * exact: amounts are bigint base units, EUR values bigint atto-euros, rounded only for display.
 * This file books each event; its roles live beside it: valuation.ts (pricing a leg), fifo.ts (the
 * lots: amounts, dates, costs), year-totals.ts (the figures), report-rows.ts (the rows). Written for a
 * million transfers: few temporaries per event (see the README's performance notes).
 */

import { DeclarationIndex, declaredAcquisitionTime, declaredCost, statementOf } from "./declarations.ts";
import type { ArrivalKind } from "./declarations-api.ts";
import { LOT_EPOCH, type Lot, LotBook, LotParts, NO_ARRIVAL, UNKNOWN } from "./fifo.ts";
import { centsEur, eurCents, eurExact, parseEur } from "./fixed.ts";
import { ForkCopier, forkCopyRowEvent, forkCopyTargets } from "./fork-copy.ts";
import { berlinDay, dayFromCivil, holdingPeriodEnd, isoDate, yearOfDay } from "./holding-period.ts";
import { type DisposedPart, type EventPlace, type EventValue, RowBuilder } from "./report-rows.ts";
import type {
  ComputeOptions,
  EurPriceLookup,
  ForkCopyEvent,
  MissingPriceEntry,
  OpenLot,
  TaxEvent,
  TaxLeg,
  TaxReport,
  TaxSummary,
  UnknownCostEntry,
} from "./types.ts";
import { ArrivalTable } from "./unknown-arrivals.ts";
import { type Side, splitLike, Valuation } from "./valuation.ts";
import { newYearAcc, type YearAcc, type YearSums, YearTotals } from "./year-totals.ts";

export { DEFAULT_TYP } from "./report-rows.ts";

/**
 * The engine as an object: add events in time order, then finish(). computeTaxReport and
 * taxReportFromTransfers drive it; a caller with its own event stream can too.
 */
export class TaxEngine {
  private readonly book = new LotBook();
  private readonly valuation: Valuation;
  private readonly totals = new YearTotals();
  private readonly rows: RowBuilder;
  private readonly missing: MissingPriceEntry[] = [];
  private readonly unknownCosts: UnknownCostEntry[] = [];
  private readonly lastDay: number | undefined;
  private readonly pieces = new LotParts();
  /** The disposed part being handed to the row (reused: one object less per lot part). */
  private readonly part: DisposedPart = { end: 0, taxFree: null, proceeds: null, gain: null, unknown: undefined };
  /** The arrivals of units of unknown acquisition or cost (Lot.arrival indexes into it). */
  private readonly arrivals: ArrivalTable;
  /** The user's declarations; null when there are none. */
  private readonly declared: DeclarationIndex | null;
  private seq = 0;
  private count = 0;
  private stopped = false;
  // The event being booked.
  private readonly place: EventPlace = { hash: "", day: 0, date: "" };
  private readonly value: EventValue = { value: null, source: null, fee: 0n, feeSource: null, missingPrice: false };
  private curTime = -1;
  /** The event's declared acquisition time (unix seconds), when it differs from its time. */
  private curAcquired: number | undefined = undefined;
  /** curTime - LOT_EPOCH. */
  private curLotTime = 0;
  private curInReport = false;
  /** Rows are built for the current event. */
  private curRows = false;
  private curAcc: YearAcc = newYearAcc();
  private curYearDay = UNKNOWN;
  private curYear = 0;
  /** The sides of the current trade that were priced. */
  private gSide: Side | null = null;
  private rSide: Side | null = null;
  /** Made at the first fork-copy event. */
  private forks: ForkCopier | undefined;

  constructor(
    private readonly prices: EurPriceLookup | undefined,
    private readonly opts: ComputeOptions = {},
  ) {
    this.lastDay = opts.year === undefined ? undefined : dayFromCivil(opts.year, 12, 31);
    this.valuation = new Valuation(prices, opts.assets, (leg) => this.note(leg.wallet, leg.asset, "value"));
    this.rows = new RowBuilder(this.valuation);
    this.arrivals = new ArrivalTable(opts.chainFork);
    this.declared = opts.declared && opts.declared.length > 0 ? new DeclarationIndex(opts.declared) : null;
  }

  /**
   * Adds the next event (events must come in time order). Returns false once an event lies after the
   * report year: it and everything after it are ignored.
   */
  add(ev: TaxEvent): boolean {
    if (this.declared !== null && ev.kind === "unknown-in") {
      const booked = this.declared.split(ev);
      if (booked) {
        for (const e of booked) if (!this.addOne(e)) return false;
        return true;
      }
    }
    return this.addOne(ev);
  }

  private addOne(ev: TaxEvent): boolean {
    if (this.stopped) return false;
    if (!this.begin(ev)) return false;
    this.valueFee(ev);
    // Every kind once; the last branch only compiles while no kind is left (TaxEvent is a union on kind).
    const kind = ev.kind;
    if (kind === "buy" || kind === "sell" || kind === "swap") this.trade(ev);
    else if (kind === "income") this.income(ev);
    else if (kind === "unknown-in" || kind === "unknown-out") this.unknownFlow(ev);
    else if (kind === "transfer") this.transfer(ev);
    else if (kind === "fork-copy") return this.forkCopy(ev);
    else if (kind === "fee-only") this.payFee(ev);
    else return unknownKind(kind);
    if (this.curRows) this.rows.add(ev, this.place, this.value);
    return true;
  }

  /** Sets the event's time, day, year and hash; false when it lies after the report year. */
  private begin(ev: TaxEvent): boolean {
    if (ev.time < this.curTime) throw new Error(`events out of time order at event ${this.count + 1}`);
    const index = this.count++;
    const day = berlinDay(ev.time);
    if (this.lastDay !== undefined && day > this.lastDay) {
      this.stopped = true;
      return false;
    }
    const place = this.place;
    if (day !== this.curYearDay) {
      this.curYearDay = day;
      this.curYear = yearOfDay(day);
      this.curAcc = this.totals.of(this.curYear);
      place.date = isoDate(day);
    }
    const inReport = this.opts.year === undefined || this.curYear === this.opts.year;
    place.hash = ev.txHash ?? ev.id ?? `event-${index + 1}`;
    place.day = day;
    this.curTime = ev.time;
    this.curAcquired = ev.acquiredAt;
    this.valuation.time = ev.time;
    this.curLotTime = ev.time - LOT_EPOCH;
    this.curInReport = inReport;
    this.curRows = inReport && this.opts.rows !== false;
    if (this.curRows) this.rows.reset();
    const v = this.value;
    v.value = null;
    v.source = null;
    return true;
  }

  /** The fee's EUR value (the native coin itself is taken by payFee). */
  private valueFee(ev: TaxEvent): void {
    const v = this.value;
    v.fee = 0n;
    v.feeSource = null;
    const fee = ev.fee;
    if (ev.feeEur !== undefined) {
      v.fee = parseEur(ev.feeEur);
      v.feeSource = "input";
    } else if (fee && fee.amount > 0n) {
      v.fee = this.valuation.legValue(fee);
      if (v.fee === null) this.note(fee.wallet, fee.asset, "fee");
      else v.feeSource = this.valuation.lastSource;
    }
    v.missingPrice = v.fee === null;
  }

  /**
   * The value of a trade: `eur` of the event, else the preferred side priced, else the other side.
   * The sides priced stay in gSide and rSide (for sharing the value over several legs).
   */
  private valueTrade(ev: TaxEvent): void {
    const v = this.value;
    this.gSide = null;
    this.rSide = null;
    if (ev.eur !== undefined) {
      v.value = parseEur(ev.eur);
      v.source = ev.declared ? "declared" : "input";
      return;
    }
    const preferGiven = ev.valueFrom === "given";
    const first = preferGiven ? ev.given : ev.received;
    const second = preferGiven ? ev.received : ev.given;
    const p1 = first.length > 0 ? this.valuation.priceSide(first, this.valuation.sideA) : null;
    let p2: Side | null = null;
    if (p1 && p1.total !== null) {
      v.value = p1.total;
      v.source = p1.source;
    } else {
      p2 = second.length > 0 ? this.valuation.priceSide(second, this.valuation.sideB) : null;
      if (p2 && p2.total !== null) {
        v.value = p2.total;
        v.source = p2.source;
      } else {
        v.missingPrice = true;
        for (const leg of (p1 ?? p2)?.missing ?? []) this.note(leg.wallet, leg.asset, "value");
      }
    }
    this.gSide = preferGiven ? p1 : p2;
    this.rSide = preferGiven ? p2 : p1;
  }

  /** Buy, sell, swap: dispose of what was given (sale fees off the proceeds), acquire what was received (purchase fees on the cost). */
  private trade(ev: TaxEvent): void {
    const given = ev.given;
    const received = ev.received;
    const kind = ev.kind;
    this.valueTrade(ev);
    const v = this.value;
    const value = v.value;
    const gShares = this.valuation.shares(value, given, this.gSide);
    const rShares = this.valuation.shares(value, received, this.rSide);
    if (value !== null && ((given.length > 1 && gShares === null) || (received.length > 1 && rShares === null)))
      v.missingPrice = true;
    // A declared arrival's cost is what the user said: a fee of its transaction is only shown.
    const feeToCost = kind !== "sell" && received.length > 0 && ev.declared === undefined;
    const feeToSale = !feeToCost && given.length > 0;
    const saleFee = feeToSale && v.fee !== null && v.fee !== 0n ? v.fee : 0n;
    const gFees = saleFee !== 0n && given.length > 1 ? splitLike(saleFee, gShares, given.length) : null;
    for (let i = 0; i < given.length; i++) {
      let net: bigint | null;
      if (given.length === 1) net = value === null ? null : value - saleFee;
      else {
        const gross = gShares ? (gShares[i] as bigint) : null;
        net = gross === null ? null : gross - (gFees ? (gFees[i] as bigint) : 0n);
      }
      this.dispose(ev, given[i] as TaxLeg, net, "missing-price");
    }
    this.payFee(ev);
    const costFee = feeToCost && v.fee !== null ? v.fee : 0n;
    const rFees = costFee !== 0n && received.length > 1 ? splitLike(costFee, rShares, received.length) : null;
    for (let j = 0; j < received.length; j++) {
      let cost: bigint | null;
      if (received.length === 1) cost = value === null ? null : value + costFee;
      else {
        const share = rShares ? (rShares[j] as bigint) : null;
        cost = share === null ? null : share + (rFees ? (rFees[j] as bigint) : 0n);
      }
      this.acquire(received[j] as TaxLeg, cost);
    }
  }

  /** Income: valued at receipt, §22 Nr. 3 of the year, and a lot with that value as its cost. */
  private income(ev: TaxEvent): void {
    const received = ev.received;
    const v = this.value;
    let shares: (bigint | null)[] | null = null;
    if (ev.eur !== undefined) {
      v.value = parseEur(ev.eur);
      v.source = "input";
      if (received.length > 1) shares = this.valuation.shares(v.value, received, null);
    } else {
      const p = this.valuation.priceSide(received, this.valuation.sideA);
      v.value = p.total;
      v.source = p.source;
      for (const leg of p.missing) this.note(leg.wallet, leg.asset, "income");
      if (received.length > 1 && v.value !== null) shares = p.vals.slice();
    }
    const value = v.value;
    if (value === null || (received.length > 1 && shares === null)) v.missingPrice = true;
    if (value !== null) this.curAcc.income += value;
    this.payFee(ev);
    for (let j = 0; j < received.length; j++) {
      const cost = received.length === 1 ? value : shares ? (shares[j] ?? null) : null;
      this.acquire(received[j] as TaxLeg, cost);
    }
  }

  /** Arrivals from outside (cost unknown) and outflows to outside (no proceeds): valued for the row only. */
  private unknownFlow(ev: TaxEvent): void {
    const incoming = ev.kind === "unknown-in";
    const legs = incoming ? ev.received : ev.given;
    const v = this.value;
    if (ev.eur !== undefined) {
      v.value = parseEur(ev.eur);
      v.source = "input";
    } else if (legs.length > 0) {
      const p = this.valuation.priceSide(legs, this.valuation.sideA);
      v.value = p.total;
      v.source = p.source;
    }
    if (!incoming) for (const leg of ev.given) this.dispose(ev, leg, null, "no-proceeds");
    this.payFee(ev);
    for (const leg of legs) {
      if (incoming) this.acquire(leg, null, this.newArrival(ev.arrival ?? "from-outside", ev, leg, leg.amount));
      this.unknownCost(leg, leg.amount, incoming ? "unknown-cost" : "no-proceeds");
    }
  }

  private transfer(ev: TaxEvent): void {
    const given = ev.given;
    const received = ev.received;
    if (given.length !== received.length)
      throw new Error(`${this.place.hash}: a transfer needs one destination per source`);
    for (let i = 0; i < given.length; i++) {
      const from = given[i] as TaxLeg;
      const to = received[i] as TaxLeg;
      if (from.amount === to.amount) this.move(ev, from, to);
      else this.moveAcross(ev, from, to);
    }
    this.payFee(ev);
  }

  /**
   * A move whose arriving amount differs from the leaving one (a bridge that keeps a fee in the
   * token): the units kept back are taken from the sender's oldest lots like a network fee (not a
   * disposal, their cost is not carried on); the rest moves with its dates and costs. More arriving
   * than left: the extra units arrive as units of unknown acquisition.
   */
  private moveAcross(ev: TaxEvent, from: TaxLeg, to: TaxLeg): void {
    if (from.amount > to.amount) {
      const queue = this.book.queue(from.wallet, from.asset);
      const kept = from.amount - to.amount;
      const unknown = queue.take(kept) + queue.unknownTaken;
      if (unknown > 0n) this.unknownCost(from, unknown, "insufficient-holdings");
      this.move(ev, { ...from, amount: to.amount }, to);
      return;
    }
    this.move(ev, from, { ...to, amount: from.amount });
    const extra = { ...to, amount: to.amount - from.amount };
    // Units of unknown acquisition, declarable by this move's key in the receiving wallet.
    const lot = this.missingPart(ev, extra, extra.amount, true);
    if (this.curRows) this.rows.movedPart(extra, lot);
    this.book.queue(to.wallet, to.asset).insert(lot);
  }

  /**
   * A chain fork: the open lots of each asset it names are copied (fork-copy.ts), one row per asset
   * copied. The copies' lots are the row's lots, with the original acquisition dates and the copies' cost.
   */
  private forkCopy(ev: ForkCopyEvent): boolean {
    const spec = ev.forkCopy;
    this.forks ??= new ForkCopier(this.prices, this.opts.forkCost ?? "zero", (a) => this.valuation.meta(a).decimals);
    const v = this.value;
    for (const target of forkCopyTargets(spec, this.book)) {
      const from = this.book.queue(target.wallet, target.asset);
      const to = this.book.queue(target.toWallet, target.toAsset);
      const copied = this.forks.copy(from, to, spec.forkTime);
      if (copied.lots.length === 0) continue;
      if (copied.missingPrice) this.note(target.toWallet, target.toAsset, "value");
      if (!this.curRows) continue;
      const row = forkCopyRowEvent(ev, spec, target, copied.amount);
      const copyLeg = row.received[0] as TaxLeg;
      this.rows.reset();
      for (const lot of copied.lots) this.rows.movedPart(copyLeg, lot);
      v.value = null;
      v.source = copied.source;
      v.missingPrice = copied.missingPrice;
      this.rows.add(row, this.place, v);
    }
    return true;
  }

  private note(wallet: string, asset: string, what: MissingPriceEntry["what"]): void {
    this.curAcc.missing++;
    if (this.curInReport)
      this.missing.push({
        hash: this.place.hash,
        time: this.curTime,
        date: this.place.date,
        wallet,
        asset,
        symbol: this.valuation.meta(asset).symbol,
        what,
      });
  }

  private unknownCost(leg: TaxLeg, amount: bigint, reason: UnknownCostEntry["reason"]): void {
    if (this.curInReport)
      this.unknownCosts.push({
        hash: this.place.hash,
        time: this.curTime,
        date: this.place.date,
        wallet: leg.wallet,
        asset: leg.asset,
        symbol: this.valuation.meta(leg.asset).symbol,
        amount:
          this.curRows && amount === leg.amount
            ? this.rows.legAmount(leg)
            : this.valuation.amountText(leg.asset, amount),
        reason,
      });
  }

  private acquire(leg: TaxLeg, cost: bigint | null, arrival = NO_ARRIVAL): void {
    if (leg.amount <= 0n) return;
    const queue = this.book.queue(leg.wallet, leg.asset);
    const at = this.curAcquired;
    if (at === undefined)
      queue.append({ time: this.curLotTime, day: this.place.day, seq: this.seq++, amount: leg.amount, cost, arrival });
    // A declared acquisition before the event: the lot takes its place in the queue by that date.
    else queue.insert({ time: at - LOT_EPOCH, day: berlinDay(at), seq: this.seq++, amount: leg.amount, cost, arrival });
  }

  /** A new arrival of units of unknown acquisition or cost at the current event: its Lot.arrival index. */
  private newArrival(kind: ArrivalKind, ev: TaxEvent, leg: TaxLeg, amount: bigint): number {
    const { hash, day } = this.place;
    const at = { hash, chainId: ev.chainId ?? null, wallet: leg.wallet, asset: leg.asset, time: this.curTime, day };
    return this.arrivals.add(kind, at, amount);
  }

  /**
   * The part of a disposal or move that the wallet did not hold: with a declaration for it (the
   * event's hash, the wallet, the asset) a lot part with the declared date and cost (the row says so),
   * else one of unknown acquisition, recorded as an arrival (insufficient holdings, or the sacrifice).
   * `queued` (moves): the part is queued in the receiving wallet by the time it entered.
   */
  private missingPart(ev: TaxEvent, leg: TaxLeg, short: bigint, queued: boolean): Lot {
    const d = this.declared?.find(this.place.hash, leg.wallet, leg.asset);
    const cost = d ? declaredCost(d) : null;
    if (d && cost !== null) {
      const at = declaredAcquisitionTime(d, this.curTime);
      if (this.curRows) this.rows.declare(statementOf(d));
      const seq = queued ? this.seq++ : -1;
      return { time: at - LOT_EPOCH, day: berlinDay(at), seq, amount: short, cost, arrival: NO_ARRIVAL };
    }
    const kind = this.arrivals.missingKind(leg.asset, this.curTime);
    const arrival = queued || this.curInReport ? this.newArrival(kind, ev, leg, short) : NO_ARRIVAL;
    const time = queued ? this.curLotTime : UNKNOWN;
    return { time, day: UNKNOWN, seq: queued ? this.seq++ : -1, amount: short, cost: null, arrival };
  }

  /**
   * Takes the fee's native coin from the paying wallet's lots (not a disposal; see README). Coin of
   * unknown acquisition it uses (missing, or moved beyond what a wallet held) is listed now.
   */
  private payFee(ev: TaxEvent): void {
    const fee = ev.fee;
    if (!fee || fee.amount <= 0n) return;
    const queue = this.book.queue(fee.wallet, fee.asset);
    const unknown = queue.take(fee.amount) + queue.unknownTaken;
    if (unknown > 0n) this.unknownCost(fee, unknown, "insufficient-holdings");
  }

  /**
   * Disposes of a leg: FIFO lots, net proceeds split pro rata by amount (the last part takes the
   * remainder, so the parts add up exactly), gains into the year. Units of unknown acquisition it
   * uses (more than held, or moved in beyond what the sender held) are listed now, in the sale's year.
   */
  private dispose(
    ev: TaxEvent,
    leg: TaxLeg,
    net: bigint | null,
    proceedsReason: "missing-price" | "no-proceeds",
  ): void {
    if (leg.amount <= 0n) return;
    const pieces = this.pieces;
    const queue = this.book.queue(leg.wallet, leg.asset);
    const short = queue.take(leg.amount, pieces);
    const unknownTaken = queue.unknownTaken;
    let missing = 0n;
    if (short > 0n) {
      const part = this.missingPart(ev, leg, short, false);
      if (part.day === UNKNOWN) missing = short;
      pieces.add(part);
    }
    const unknown = missing + unknownTaken;
    if (unknown > 0n) this.unknownCost(leg, unknown, "insufficient-holdings");
    // Unknown arrivals count what the year's sales and swaps used (an outflow to outside has no proceeds at stake).
    const counts = this.curInReport && proceedsReason === "missing-price";
    const acc = this.curAcc;
    const day = this.place.day;
    let given = 0n;
    const last = pieces.count - 1;
    for (let k = 0; k <= last; k++) {
      const piece = pieces.lots[k] as Lot;
      let proceeds: bigint | null = null;
      if (net !== null) {
        proceeds = k === last ? net - given : (net * piece.amount) / leg.amount;
        given += proceeds;
      }
      const known = piece.day !== UNKNOWN;
      const end = known ? holdingPeriodEnd(piece.day) : UNKNOWN;
      const taxFree = known ? day > end : null;
      const gain = proceeds !== null && piece.cost !== null && known ? proceeds - piece.cost : null;
      // A lot of an arrival whose cost became known on the way (a fork copy at 0 EUR) is no open point.
      if (counts && piece.arrival !== NO_ARRIVAL && (piece.cost === null || !known))
        this.arrivals.disposed(piece.arrival, piece.amount, proceeds);
      acc.disposals++;
      if (gain === null) acc.unknownGains++;
      else if (taxFree) acc.taxFree += gain;
      else acc.taxable += gain;
      if (!this.curRows) continue;
      const part = this.part;
      part.end = end;
      part.taxFree = taxFree;
      part.proceeds = proceeds;
      part.gain = gain;
      this.disposedPart(leg, piece, proceedsReason);
    }
  }

  /** Hands a disposed lot part (this.part) to the row, with why its gain is unknown when it is. */
  private disposedPart(leg: TaxLeg, piece: Lot, proceedsReason: "missing-price" | "no-proceeds"): void {
    const part = this.part;
    part.unknown =
      part.gain !== null
        ? undefined
        : piece.day === UNKNOWN
          ? "insufficient-holdings"
          : piece.cost === null
            ? "unknown-cost"
            : proceedsReason;
    this.rows.disposedPart(leg, piece, part);
  }

  /**
   * Moves lots between own wallets (or native <-> wrapped native) with their dates and costs. What
   * the sender did not hold arrives as a lot of unknown acquisition and cost, queued by the time it
   * entered (behind the receiver's older lots); it is listed as unknown when it is disposed of.
   */
  private move(ev: TaxEvent, from: TaxLeg, to: TaxLeg): void {
    if (from.amount <= 0n) return;
    const pieces = this.pieces;
    const short = this.book.queue(from.wallet, from.asset).take(from.amount, pieces);
    if (short > 0n) pieces.add(this.missingPart(ev, from, short, true));
    const dest = this.book.queue(to.wallet, to.asset);
    for (let k = 0; k < pieces.count; k++) {
      const piece = pieces.lots[k] as Lot;
      if (this.curRows) this.rows.movedPart(from, piece);
      dest.insert(piece);
    }
  }

  finish(): TaxReport {
    const { years, sums } = this.totals.figures(this.opts.year);
    const rows = this.rows.rows;
    // A ROI row's value is its §22 line: the year's lines add up to its income22 (line-cents.ts).
    this.rows.incomeLines.forEachCents((row, cents) => {
      row.wertEUR = centsEur(cents);
    });
    return {
      year: this.opts.year ?? null,
      transactions: rows,
      summary: summaryOf(this.rows, sums, this.missing.length, this.unknownCosts.length),
      years,
      holdings: this.holdings(),
      missingPrices: this.missing,
      unknownCosts: this.unknownCosts,
      unknownArrivals: this.arrivals.entries(this.valuation),
    };
  }

  /** The lots still open, by wallet and asset. */
  private holdings(): OpenLot[] {
    const holdings: OpenLot[] = [];
    const queues = this.book
      .all()
      .sort((a, b) =>
        a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0,
      );
    for (const q of queues) {
      for (const lot of q.open()) {
        const known = lot.day !== UNKNOWN;
        const end = known ? holdingPeriodEnd(lot.day) : UNKNOWN;
        holdings.push({
          wallet: q.wallet,
          asset: q.asset,
          symbol: this.valuation.meta(q.asset).symbol,
          amount: this.valuation.amountText(q.asset, lot.amount),
          acquired: known ? isoDate(lot.day) : null,
          acquiredAt: known ? lot.time + LOT_EPOCH : null,
          cost: lot.cost === null ? null : eurExact(lot.cost),
          holdingPeriodEnds: known ? isoDate(end) : null,
          taxFreeFrom: known ? isoDate(end + 1) : null,
        });
      }
    }
    return holdings;
  }
}

/** The report's summary: row counts by type and taxability, the known values, and the year sums. */
function summaryOf(rows: RowBuilder, sums: YearSums, missingPrices: number, unknownCosts: number): TaxSummary {
  const c = rows.counts;
  return {
    total: rows.rows.length,
    käufe: c.käufe,
    verkäufe: c.verkäufe,
    roi: c.roi,
    tausch: c.tausch,
    unbekannt: c.unbekannt,
    steuerpflichtig: c.steuerpflichtig,
    steuerfrei: c.steuerfrei,
    gesamtWertEUR: eurCents(rows.totalValue),
    gainTaxable: eurCents(sums.taxable),
    gainTaxFree: eurCents(sums.taxFree),
    gainTaxableAfterFreigrenze: eurCents(sums.taxableAfter),
    income22: eurCents(sums.income),
    income22AfterFreigrenze: eurCents(sums.incomeAfter),
    freigrenze23Crossed: sums.crossed23,
    freigrenze22Crossed: sums.crossed22,
    missingPrices,
    unknownCosts,
    unknown: c.unknown,
  };
}

/** Indexes of the events in time order (stable: equal times keep the input order); null when already so. */
function chronological(events: readonly TaxEvent[]): number[] | null {
  for (let i = 1; i < events.length; i++) {
    if ((events[i] as TaxEvent).time < (events[i - 1] as TaxEvent).time) {
      const idx = Array.from({ length: events.length }, (_, k) => k);
      const times = Float64Array.from(events, (e) => e.time);
      idx.sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
      return idx;
    }
  }
  return null;
}

/**
 * Runs the events (any order; equal times keep their order) through the engine.
 * `prices` values legs whose event carries no `eur`; without a price a value is reported as missing.
 */
export function computeTaxReport(
  events: readonly TaxEvent[],
  prices?: EurPriceLookup,
  opts: ComputeOptions = {},
): TaxReport {
  const engine = new TaxEngine(prices, opts);
  const order = chronological(events);
  const n = events.length;
  for (let k = 0; k < n; k++) {
    const i = order ? (order[k] as number) : k;
    if (!engine.add(events[i] as TaxEvent)) break;
  }
  return engine.finish();
}

/** Every kind is handled in addOne: an event of another kind is a programming error, found by the compiler. */
function unknownKind(kind: never): never {
  throw new Error(`unknown tax event kind: ${String(kind)}`);
}
