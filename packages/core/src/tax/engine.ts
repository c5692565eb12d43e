/**
 * The tax engine: events in chronological order through FIFO lots per wallet and asset, with the
 * German one-year period, fees, income as new lots and the Freigrenzen per calendar year. Pure and
 * exact: amounts are bigint base units, EUR values bigint atto-euros, rounded only for display.
 * Written for a million transfers: no closures and few temporaries per event, and every string of a
 * row written once (a leg's amount text serves the row, its lots and the lot it becomes; see the
 * README's performance notes for what costs what).
 */
import { LOT_EPOCH, type Lot, LotBook, LotParts, UNKNOWN } from "./fifo.ts";
import {
  allocate,
  divRoundPow10,
  EUR_SCALE,
  eurCents,
  eurExact,
  formatFixed,
  PRICE_SCALE,
  parseEur,
  parseFixed,
  pow10,
} from "./fixed.ts";
import { afterFreigrenze, freigrenze22, freigrenze23 } from "./freigrenze.ts";
import { berlinDay, dayFromCivil, holdingPeriodEnd, isoDate, isoUtc, yearOfDay } from "./holding-period.ts";
import type {
  ComputeOptions,
  ConsumedLot,
  DescribedAmount,
  DescriptionKey,
  EurPriceLookup,
  MissingPriceEntry,
  OpenLot,
  ReportTransaction,
  ReportTyp,
  RowDescription,
  Steuerpflichtig,
  TaxEvent,
  TaxLeg,
  TaxReport,
  TaxSummary,
  UnknownCostEntry,
  YearFigures,
} from "./types.ts";

export const DEFAULT_TYP: Readonly<Record<TaxEvent["kind"], ReportTyp>> = {
  buy: "Kauf",
  sell: "Verkauf",
  swap: "Tausch",
  income: "ROI",
  transfer: "Transfer",
  "unknown-in": "Unbekannt",
  "unknown-out": "Unbekannt",
  "fee-only": "Gebühr",
};

interface AssetMeta {
  symbol: string;
  decimals: number;
  /** The address part of the key ("native" for the native coin), or the key itself. */
  address: string;
  /** " " + symbol, as it follows an amount in the descriptions. */
  spacedSymbol: string;
  /**
   * The last quote priced for this asset and its parsed price: events come in time order, so the same
   * quote (one per day, or per hour) comes again and again while it is the asset's current one.
   */
  lastEur: string | undefined;
  lastPrice: Price | undefined;
}

/** A quoted EUR price as an integer: `units` / 10^`places` EUR per whole token. */
interface Price {
  units: bigint;
  /** The quote's own decimals (at most PRICE_SCALE; more are rounded to it). */
  places: number;
}

interface YearAcc {
  taxable: bigint;
  taxFree: bigint;
  income: bigint;
  disposals: number;
  unknownGains: number;
  missing: number;
}

/** Market values of one side's legs (reused; valid until the next priceSide call on it). */
interface Side {
  vals: (bigint | null)[];
  total: bigint | null;
  source: string | null;
  missing: TaxLeg[];
}

const EMPTY_LOTS: readonly ConsumedLot[] = Object.freeze([]) as readonly ConsumedLot[];
const NO_AMOUNTS: readonly DescribedAmount[] = Object.freeze([]) as readonly DescribedAmount[];

/** Which phrase describes the event (a buy or sell with one side only reads with its value). */
function descriptionKey(ev: TaxEvent): DescriptionKey {
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
    default:
      return ev.kind;
  }
}
/**
 * A row's own copy of its lots. One or two lots (most rows) as array literals: V8 allocates those
 * directly in the old generation once it sees they all survive, so the garbage collector never copies them.
 */
function copyLots(lots: readonly ConsumedLot[]): ConsumedLot[] {
  if (lots.length === 0) return EMPTY_LOTS as ConsumedLot[];
  if (lots.length === 1) return [lots[0] as ConsumedLot];
  if (lots.length === 2) return [lots[0] as ConsumedLot, lots[1] as ConsumedLot];
  return lots.slice();
}

const newSide = (): Side => ({ vals: [], total: null, source: null, missing: [] });

const PLAIN_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
/** A quote's decimal string as units of its own decimals (plain decimals up to PRICE_SCALE are exact). */
function parsePrice(eur: string): Price {
  const text = eur.trim();
  if (PLAIN_DECIMAL.test(text)) {
    const dot = text.indexOf(".");
    if (dot < 0) return { units: BigInt(text), places: 0 };
    const places = text.length - dot - 1;
    if (places <= PRICE_SCALE) return { units: BigInt(text.slice(0, dot) + text.slice(dot + 1)), places };
  }
  return { units: parseFixed(text, PRICE_SCALE, true), places: PRICE_SCALE };
}

/**
 * The engine as an object: add events in time order, then finish(). computeTaxReport and
 * taxReportFromTransfers drive it; a caller with its own event stream can too.
 */
export class TaxEngine {
  private readonly book = new LotBook();
  private readonly assetMeta = new Map<string, AssetMeta>();
  private readonly years = new Map<number, YearAcc>();
  private readonly rows: ReportTransaction[] = [];
  private readonly missing: MissingPriceEntry[] = [];
  private readonly unknownCosts: UnknownCostEntry[] = [];
  private readonly lastDay: number | undefined;
  private readonly pieces = new LotParts();
  private readonly sideA = newSide();
  private readonly sideB = newSide();
  private seq = 0;
  private count = 0;
  private stopped = false;
  private totalValue = 0n;
  private lastPriceSource = "";
  // The event being processed.
  private curHash = "";
  private curTime = -1;
  /** curTime - LOT_EPOCH. */
  private curLotTime = 0;
  private curDay = 0;
  private curDate = "";
  private curInReport = false;
  /** Rows are built for the current event. */
  private curRows = false;
  private curAcc: YearAcc = { taxable: 0n, taxFree: 0n, income: 0n, disposals: 0, unknownGains: 0, missing: 0 };
  private curYearDay = UNKNOWN;
  private curYear = 0;
  // The row being built.
  private readonly rLots: ConsumedLot[] = [];
  private rGain = 0n;
  private rGainKnown = true;
  private rDisposed = false;
  private rAnyTaxable = false;
  private rAnyUnknown = false;
  private rLatestEnd = UNKNOWN;
  private rEndKnown = true;
  /** Disposed lot parts of the row, and the gain text of the last one (the row's gain when it is the only one). */
  private rParts = 0;
  private rGainText: string | null = null;
  /** The exact amount texts of the current event's legs (the first textCount), so that a row writes each only once. */
  private readonly textLegs: TaxLeg[] = [];
  private readonly textValues: string[] = [];
  private textCount = 0;

  constructor(
    private readonly prices: EurPriceLookup | undefined,
    private readonly opts: ComputeOptions = {},
  ) {
    this.lastDay = opts.year === undefined ? undefined : dayFromCivil(opts.year, 12, 31);
  }

  /**
   * Adds the next event (events must come in time order). Returns false once an event lies after the
   * report year: it and everything after it are ignored.
   */
  add(ev: TaxEvent): boolean {
    if (this.stopped) return false;
    if (ev.time < this.curTime) throw new Error(`events out of time order at event ${this.count + 1}`);
    const index = this.count++;
    const day = berlinDay(ev.time);
    if (this.lastDay !== undefined && day > this.lastDay) {
      this.stopped = true;
      return false;
    }
    if (day !== this.curYearDay) {
      this.curYearDay = day;
      this.curYear = yearOfDay(day);
      this.curAcc = this.yearAcc(this.curYear);
      this.curDate = isoDate(day);
    }
    const inReport = this.opts.year === undefined || this.curYear === this.opts.year;
    this.curHash = ev.txHash ?? ev.id ?? `event-${index + 1}`;
    this.curTime = ev.time;
    this.curLotTime = ev.time - LOT_EPOCH;
    this.curDay = day;
    this.curInReport = inReport;
    this.curRows = inReport && this.opts.rows !== false;
    if (this.curRows) {
      if (this.rLots.length !== 0) this.rLots.length = 0;
      this.rGain = 0n;
      this.rGainKnown = true;
      this.rDisposed = false;
      this.rAnyTaxable = false;
      this.rAnyUnknown = false;
      this.rLatestEnd = UNKNOWN;
      this.rEndKnown = true;
      this.rParts = 0;
      this.rGainText = null;
      this.textCount = 0;
    }

    // The fee: its EUR value (the native coin itself is taken by payFee).
    let feeValue: bigint | null = 0n;
    let feeSource: string | null = null;
    const fee = ev.fee;
    if (ev.feeEur !== undefined) {
      feeValue = parseEur(ev.feeEur);
      feeSource = "input";
    } else if (fee && fee.amount > 0n) {
      feeValue = this.legValue(fee);
      if (feeValue === null) this.note(fee.wallet, fee.asset, "fee");
      else feeSource = this.lastPriceSource;
    }

    let value: bigint | null = null;
    let source: string | null = null;
    let missingPrice = feeValue === null;
    const kind = ev.kind;
    const given = ev.given;
    const received = ev.received;

    if (kind === "buy" || kind === "sell" || kind === "swap") {
      let gSide: Side | null = null;
      let rSide: Side | null = null;
      if (ev.eur !== undefined) {
        value = parseEur(ev.eur);
        source = "input";
      } else {
        const preferGiven = ev.valueFrom === "given";
        const first = preferGiven ? given : received;
        const second = preferGiven ? received : given;
        const p1 = first.length > 0 ? this.priceSide(first, this.sideA) : null;
        let p2: Side | null = null;
        if (p1 && p1.total !== null) {
          value = p1.total;
          source = p1.source;
        } else {
          p2 = second.length > 0 ? this.priceSide(second, this.sideB) : null;
          if (p2 && p2.total !== null) {
            value = p2.total;
            source = p2.source;
          } else {
            missingPrice = true;
            for (const leg of (p1 ?? p2)?.missing ?? []) this.note(leg.wallet, leg.asset, "value");
          }
        }
        gSide = preferGiven ? p1 : p2;
        rSide = preferGiven ? p2 : p1;
      }
      const gShares = this.shares(value, given, gSide);
      const rShares = this.shares(value, received, rSide);
      if (value !== null && ((given.length > 1 && gShares === null) || (received.length > 1 && rShares === null)))
        missingPrice = true;

      const feeToCost = kind !== "sell" && received.length > 0;
      const feeToSale = !feeToCost && given.length > 0;
      const saleFee = feeToSale && feeValue !== null && feeValue !== 0n ? feeValue : 0n;
      const gFees = saleFee !== 0n && given.length > 1 ? this.splitLike(saleFee, gShares, given.length) : null;
      for (let i = 0; i < given.length; i++) {
        const leg = given[i] as TaxLeg;
        let net: bigint | null;
        if (given.length === 1) net = value === null ? null : value - saleFee;
        else {
          const gross = gShares ? (gShares[i] as bigint) : null;
          net = gross === null ? null : gross - (gFees ? (gFees[i] as bigint) : 0n);
        }
        this.dispose(leg, net, "missing-price");
      }
      this.payFee(ev);
      const costFee = feeToCost && feeValue !== null ? feeValue : 0n;
      const rFees = costFee !== 0n && received.length > 1 ? this.splitLike(costFee, rShares, received.length) : null;
      for (let j = 0; j < received.length; j++) {
        const leg = received[j] as TaxLeg;
        let cost: bigint | null;
        if (received.length === 1) cost = value === null ? null : value + costFee;
        else {
          const share = rShares ? (rShares[j] as bigint) : null;
          cost = share === null ? null : share + (rFees ? (rFees[j] as bigint) : 0n);
        }
        this.acquire(leg, cost);
      }
    } else if (kind === "income") {
      let shares: (bigint | null)[] | null = null;
      if (ev.eur !== undefined) {
        value = parseEur(ev.eur);
        source = "input";
        if (received.length > 1) shares = this.shares(value, received, null);
      } else {
        const p = this.priceSide(received, this.sideA);
        value = p.total;
        source = p.source;
        for (const leg of p.missing) this.note(leg.wallet, leg.asset, "income");
        if (received.length > 1 && value !== null) shares = p.vals.slice();
      }
      if (value === null || (received.length > 1 && shares === null)) missingPrice = true;
      if (value !== null) this.curAcc.income += value;
      this.payFee(ev);
      for (let j = 0; j < received.length; j++) {
        const cost = received.length === 1 ? value : shares ? (shares[j] ?? null) : null;
        this.acquire(received[j] as TaxLeg, cost);
      }
    } else if (kind === "unknown-in" || kind === "unknown-out") {
      const legs = kind === "unknown-in" ? received : given;
      if (ev.eur !== undefined) {
        value = parseEur(ev.eur);
        source = "input";
      } else if (legs.length > 0) {
        const p = this.priceSide(legs, this.sideA);
        value = p.total;
        source = p.source;
      }
      if (kind === "unknown-out") for (const leg of given) this.dispose(leg, null, "no-proceeds");
      this.payFee(ev);
      for (const leg of legs) {
        if (kind === "unknown-in") this.acquire(leg, null);
        this.unknownCost(leg, leg.amount, kind === "unknown-in" ? "unknown-cost" : "no-proceeds");
      }
    } else if (kind === "transfer") {
      if (given.length !== received.length)
        throw new Error(`${this.curHash}: a transfer needs one destination per source`);
      for (let i = 0; i < given.length; i++) this.move(given[i] as TaxLeg, received[i] as TaxLeg);
      this.payFee(ev);
    } else {
      this.payFee(ev);
    }

    if (this.curRows) this.addRow(ev, value, source, feeValue, feeSource, missingPrice);
    return true;
  }

  private note(wallet: string, asset: string, what: MissingPriceEntry["what"]): void {
    this.curAcc.missing++;
    if (this.curInReport)
      this.missing.push({
        hash: this.curHash,
        time: this.curTime,
        date: this.curDate,
        wallet,
        asset,
        symbol: this.meta(asset).symbol,
        what,
      });
  }

  private unknownCost(leg: TaxLeg, amount: bigint, reason: UnknownCostEntry["reason"]): void {
    if (this.curInReport)
      this.unknownCosts.push({
        hash: this.curHash,
        time: this.curTime,
        date: this.curDate,
        wallet: leg.wallet,
        asset: leg.asset,
        symbol: this.meta(leg.asset).symbol,
        amount: this.curRows && amount === leg.amount ? this.legAmount(leg) : this.amountText(leg.asset, amount),
        reason,
      });
  }

  private yearAcc(year: number): YearAcc {
    let acc = this.years.get(year);
    if (!acc) {
      acc = { taxable: 0n, taxFree: 0n, income: 0n, disposals: 0, unknownGains: 0, missing: 0 };
      this.years.set(year, acc);
    }
    return acc;
  }

  private meta(asset: string): AssetMeta {
    let m = this.assetMeta.get(asset);
    if (!m) {
      const info = this.opts.assets?.(asset);
      const decimals = info?.decimals ?? 18;
      const colon = asset.indexOf(":");
      const symbol = info?.symbol ?? asset;
      m = {
        symbol,
        decimals,
        address: colon >= 0 ? asset.slice(colon + 1) : asset,
        spacedSymbol: ` ${symbol}`,
        lastEur: undefined,
        lastPrice: undefined,
      };
      this.assetMeta.set(asset, m);
    }
    return m;
  }

  private amountText(asset: string, amount: bigint): string {
    return formatFixed(amount, this.meta(asset).decimals);
  }

  /** A leg's amount in whole tokens, written once per event (only while building a row). */
  private legAmount(leg: TaxLeg): string {
    const legs = this.textLegs;
    const n = this.textCount;
    for (let i = 0; i < n; i++) if (legs[i] === leg) return this.textValues[i] as string;
    const text = this.amountText(leg.asset, leg.amount);
    legs[n] = leg;
    this.textValues[n] = text;
    this.textCount = n + 1;
    return text;
  }

  /** A lot part's amount text: the leg's when the part is all of it, the lot's when it is used whole. */
  private partAmount(leg: TaxLeg, piece: Lot): string {
    if (piece.amount === leg.amount) return this.legAmount(leg);
    return piece.text ?? this.amountText(leg.asset, piece.amount);
  }

  /** The leg's EUR value at the current event's time (source in lastPriceSource), or null. */
  private legValue(leg: TaxLeg): bigint | null {
    const q = this.prices?.(leg.asset, this.curTime);
    if (!q) return null;
    const m = this.meta(leg.asset);
    const p = q.eur === m.lastEur ? (m.lastPrice as Price) : this.price(m, q.eur);
    this.lastPriceSource = q.source;
    // base units x units / 10^(decimals + places) EUR, in atto-euros. Dividing by the quote's own
    // scale instead of 36 places is the same quotient with a divisor that fits one machine word.
    const shift = m.decimals + p.places - EUR_SCALE;
    const product = leg.amount * p.units;
    return shift >= 0 ? divRoundPow10(product, shift) : product * pow10(-shift);
  }

  private price(m: AssetMeta, eur: string): Price {
    const p = parsePrice(eur);
    m.lastEur = eur;
    m.lastPrice = p;
    return p;
  }

  private priceSide(legs: readonly TaxLeg[], side: Side): Side {
    // Overwritten in place: setting an array's length is a runtime call, this runs for every event.
    if (side.vals.length !== legs.length) side.vals.length = legs.length;
    if (side.missing.length !== 0) side.missing.length = 0;
    side.total = 0n;
    side.source = null;
    for (let i = 0; i < legs.length; i++) {
      const leg = legs[i] as TaxLeg;
      const v = this.legValue(leg);
      side.vals[i] = v;
      if (v === null) {
        side.missing.push(leg);
        side.total = null;
      } else {
        if (side.total !== null) side.total += v;
        side.source ??= this.lastPriceSource;
      }
    }
    if (side.total === null) side.source = null;
    return side;
  }

  /**
   * The part of `value` each of several legs carries, by the legs' own market values; null when
   * there is one leg (it carries all), when the value is unknown, or when a leg has no price.
   */
  private shares(value: bigint | null, legs: readonly TaxLeg[], priced: Side | null): bigint[] | null {
    if (legs.length <= 1 || value === null) return null;
    const p = priced ?? this.priceSide(legs, this.sideB);
    if (p.total === null) {
      for (const leg of p.missing) this.note(leg.wallet, leg.asset, "value");
      return null;
    }
    return allocate(value, p.vals as bigint[]);
  }

  /** Splits a fee over legs in the proportion of their shares (equally when those are unknown). */
  private splitLike(fee: bigint, shares: readonly bigint[] | null, n: number): bigint[] {
    return allocate(fee, shares ?? new Array<bigint>(n).fill(1n));
  }

  private acquire(leg: TaxLeg, cost: bigint | null): void {
    if (leg.amount <= 0n) return;
    const text = this.curRows ? this.legAmount(leg) : undefined;
    this.book
      .queue(leg.wallet, leg.asset)
      .append({ time: this.curLotTime, day: this.curDay, seq: this.seq++, amount: leg.amount, cost, text });
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
  private dispose(leg: TaxLeg, net: bigint | null, proceedsReason: "missing-price" | "no-proceeds"): void {
    if (leg.amount <= 0n) return;
    const pieces = this.pieces;
    const queue = this.book.queue(leg.wallet, leg.asset);
    const short = queue.take(leg.amount, pieces);
    if (short > 0n) pieces.add({ time: UNKNOWN, day: UNKNOWN, seq: -1, amount: short, cost: null, text: undefined });
    const unknown = short + queue.unknownTaken;
    if (unknown > 0n) this.unknownCost(leg, unknown, "insufficient-holdings");
    const acc = this.curAcc;
    const day = this.curDay;
    const rows = this.curRows;
    let given = 0n;
    const last = pieces.count - 1;
    for (let k = 0; k <= last; k++) {
      const piece = pieces.lots[k] as Lot;
      const acquiredDay = piece.day;
      const cost = piece.cost;
      let proceeds: bigint | null = null;
      if (net !== null) {
        proceeds = k === last ? net - given : (net * piece.amount) / leg.amount;
        given += proceeds;
      }
      const known = acquiredDay !== UNKNOWN;
      const end = known ? holdingPeriodEnd(acquiredDay) : UNKNOWN;
      const taxFree = known ? day > end : null;
      const gain = proceeds !== null && cost !== null && known ? proceeds - cost : null;
      acc.disposals++;
      if (gain === null) acc.unknownGains++;
      else if (taxFree) acc.taxFree += gain;
      else acc.taxable += gain;
      if (!rows) continue;
      this.rDisposed = true;
      const gainText = gain === null ? null : eurExact(gain);
      this.rParts++;
      this.rGainText = gainText;
      if (gain === null) {
        this.rGainKnown = false;
        this.rAnyUnknown = true;
      } else this.rGain += gain;
      if (taxFree === false) this.rAnyTaxable = true;
      if (!known) this.rEndKnown = false;
      else if (end > this.rLatestEnd) this.rLatestEnd = end;
      this.rLots.push({
        use: "disposed",
        wallet: leg.wallet,
        asset: leg.asset,
        acquired: known ? isoDate(acquiredDay) : null,
        acquiredAt: known ? piece.time + LOT_EPOCH : null,
        amount: this.partAmount(leg, piece),
        cost: cost === null ? null : eurExact(cost),
        proceeds: proceeds === null ? null : eurExact(proceeds),
        gain: gainText,
        taxFree,
        haltefristEndet: known ? isoDate(end) : null,
        unknown:
          gain !== null
            ? undefined
            : !known
              ? "insufficient-holdings"
              : cost === null
                ? "unknown-cost"
                : proceedsReason,
      });
    }
  }

  /**
   * Moves lots between own wallets (or native <-> wrapped native) with their dates and costs. What
   * the sender did not hold arrives as a lot of unknown acquisition and cost, queued by the time it
   * entered (behind the receiver's older lots); it is listed as unknown when it is disposed of.
   */
  private move(from: TaxLeg, to: TaxLeg): void {
    if (from.amount <= 0n) return;
    const pieces = this.pieces;
    const short = this.book.queue(from.wallet, from.asset).take(from.amount, pieces);
    if (short > 0n)
      pieces.add({ time: this.curLotTime, day: UNKNOWN, seq: this.seq++, amount: short, cost: null, text: undefined });
    const dest = this.book.queue(to.wallet, to.asset);
    // A lot moved to another asset (wrapping) may have other decimals: its text no longer applies.
    const sameAsset = from.asset === to.asset;
    for (let k = 0; k < pieces.count; k++) {
      const piece = pieces.lots[k] as Lot;
      if (this.curRows) {
        const known = piece.day !== UNKNOWN;
        const end = known ? holdingPeriodEnd(piece.day) : UNKNOWN;
        if (!known) this.rEndKnown = false;
        else if (end > this.rLatestEnd) this.rLatestEnd = end;
        const amount = this.partAmount(from, piece);
        piece.text = sameAsset ? amount : undefined;
        this.rLots.push({
          use: "moved",
          wallet: from.wallet,
          asset: from.asset,
          acquired: known ? isoDate(piece.day) : null,
          acquiredAt: known ? piece.time + LOT_EPOCH : null,
          amount,
          cost: piece.cost === null ? null : eurExact(piece.cost),
          proceeds: null,
          gain: null,
          taxFree: null,
          haltefristEndet: known ? isoDate(end) : null,
          unknown: known ? undefined : "insufficient-holdings",
        });
      } else if (!sameAsset) piece.text = undefined;
      dest.insert(piece);
    }
  }

  private described(leg: TaxLeg): DescribedAmount {
    return { amount: this.legAmount(leg), symbol: this.meta(leg.asset).symbol };
  }

  private describedLegs(legs: readonly TaxLeg[]): DescribedAmount[] {
    if (legs.length === 1) return [this.described(legs[0] as TaxLeg)];
    const out: DescribedAmount[] = [];
    for (const leg of legs) out.push(this.described(leg));
    return out;
  }

  /** The row's description: a key and the amounts its phrase names (the words come at the edges). */
  private describe(ev: TaxEvent, main: TaxLeg | undefined): RowDescription {
    const key = descriptionKey(ev);
    const only = main ? [this.described(main)] : (NO_AMOUNTS as DescribedAmount[]);
    const none = NO_AMOUNTS as DescribedAmount[];
    switch (key) {
      case "buy":
      case "sell":
      case "swap":
        return { key, given: this.describedLegs(ev.given), received: this.describedLegs(ev.received), note: ev.note };
      case "boughtForEur":
        return { key, given: none, received: only, note: ev.note };
      case "soldForEur":
        return { key, given: only, received: none, note: ev.note };
      case "income":
      case "unknownIn":
        return { key, given: none, received: this.describedLegs(ev.received), note: ev.note };
      case "feeOnly":
        return { key, given: none, received: none, note: ev.note };
      default:
        return { key, given: this.describedLegs(ev.given), received: none, note: ev.note };
    }
  }

  private addRow(
    ev: TaxEvent,
    value: bigint | null,
    source: string | null,
    feeValue: bigint | null,
    feeSource: string | null,
    missingPrice: boolean,
  ): void {
    const kind = ev.kind;
    const typ = ev.typ ?? DEFAULT_TYP[kind];
    const given = ev.given;
    const received = ev.received;
    const givenMain = kind === "sell" || kind === "unknown-out" || kind === "transfer" || received.length === 0;
    const main = (givenMain ? given[0] : received[0]) ?? received[0] ?? given[0] ?? ev.fee;
    const mainMeta = main ? this.meta(main.asset) : undefined;
    const mainAmount = main ? this.legAmount(main) : "0";
    let coin = mainMeta?.symbol ?? "";
    if (kind === "swap" && given[0] && received[0])
      coin = `${this.meta(given[0].asset).symbol} → ${this.meta(received[0].asset).symbol}`;

    let steuerpflichtig: Steuerpflichtig;
    if (kind === "unknown-in" || kind === "unknown-out") steuerpflichtig = "unknown";
    else if (kind === "transfer" || kind === "fee-only") steuerpflichtig = false;
    else if (kind === "income") steuerpflichtig = value === null ? "unknown" : true;
    else if (this.rDisposed) steuerpflichtig = this.rAnyUnknown ? "unknown" : this.rAnyTaxable;
    else steuerpflichtig = value === null ? "unknown" : false;

    const acquires = kind === "buy" || kind === "swap" || kind === "income" || kind === "unknown-in";
    let haltefrist: string | null = null;
    if (acquires && received.length > 0) haltefrist = isoDate(holdingPeriodEnd(this.curDay));
    else if (this.rLots.length > 0 && this.rEndKnown) haltefrist = isoDate(this.rLatestEnd);

    let fromAddress = "";
    let toAddress = "";
    if (kind === "transfer") {
      fromAddress = given[0]?.wallet ?? "";
      toAddress = received[0]?.wallet ?? "";
    } else if (main && givenMain) {
      fromAddress = main.wallet;
      toAddress = main.counterparty ?? "";
    } else if (main) {
      fromAddress = main.counterparty ?? "";
      toAddress = main.wallet;
    }

    const wertEUR = value === null ? null : eurCents(value);
    if (value !== null) this.totalValue += value;
    const lots = copyLots(this.rLots);
    this.rows.push({
      hash: this.curHash,
      typ,
      coin_name: coin,
      steuerpflichtig,
      haltefrist_endet: haltefrist,
      wertEUR,
      token_address: mainMeta?.address ?? "",
      from_address: fromAddress,
      to_address: toAddress,
      block_timestamp: isoUtc(ev.time),
      transaction_fee: feeValue === null ? null : eurCents(feeValue),
      description: this.describe(ev, main),
      wallet: main?.wallet ?? "",
      kind,
      chainId: ev.chainId ?? null,
      time: ev.time,
      date: this.curDate,
      amount: mainAmount,
      lots,
      gain: !this.rDisposed || !this.rGainKnown ? null : this.rParts === 1 ? this.rGainText : eurExact(this.rGain),
      income: kind === "income" && value !== null ? eurExact(value) : null,
      priceSource: source ?? (kind === "fee-only" ? feeSource : null),
      missingPrice,
    });
  }

  finish(): TaxReport {
    // The report year always has its figures, zeros when nothing happened in it.
    if (this.opts.year !== undefined) this.yearAcc(this.opts.year);
    const years: Record<string, YearFigures> = {};
    let sumTaxable = 0n;
    let sumFree = 0n;
    let sumTaxableAfter = 0n;
    let sumIncome = 0n;
    let sumIncomeAfter = 0n;
    let crossed23 = false;
    let crossed22 = false;
    for (const y of [...this.years.keys()].sort((a, b) => a - b)) {
      const a = this.years.get(y) as YearAcc;
      const g23 = freigrenze23(y);
      const g22 = freigrenze22(y);
      const taxableAfter = afterFreigrenze(a.taxable, g23);
      const incomeAfter = afterFreigrenze(a.income, g22);
      years[String(y)] = {
        year: y,
        gainTaxable: eurCents(a.taxable),
        gainTaxFree: eurCents(a.taxFree),
        gainTaxableAfterFreigrenze: eurCents(taxableAfter),
        income22: eurCents(a.income),
        income22AfterFreigrenze: eurCents(incomeAfter),
        freigrenze23: eurCents(g23),
        freigrenze22: eurCents(g22),
        freigrenze23Crossed: a.taxable >= g23,
        freigrenze22Crossed: a.income >= g22,
        disposals: a.disposals,
        unknownGains: a.unknownGains,
        missingPrices: a.missing,
        exact: { gainTaxable: eurExact(a.taxable), gainTaxFree: eurExact(a.taxFree), income22: eurExact(a.income) },
      };
      if (this.opts.year === undefined || this.opts.year === y) {
        sumTaxable += a.taxable;
        sumFree += a.taxFree;
        sumTaxableAfter += taxableAfter;
        sumIncome += a.income;
        sumIncomeAfter += incomeAfter;
        crossed23 ||= a.taxable >= g23;
        crossed22 ||= a.income >= g22;
      }
    }

    const summary: TaxSummary = {
      total: this.rows.length,
      käufe: 0,
      verkäufe: 0,
      roi: 0,
      tausch: 0,
      unbekannt: 0,
      steuerpflichtig: 0,
      steuerfrei: 0,
      gesamtWertEUR: eurCents(this.totalValue),
      gainTaxable: eurCents(sumTaxable),
      gainTaxFree: eurCents(sumFree),
      gainTaxableAfterFreigrenze: eurCents(sumTaxableAfter),
      income22: eurCents(sumIncome),
      income22AfterFreigrenze: eurCents(sumIncomeAfter),
      freigrenze23Crossed: crossed23,
      freigrenze22Crossed: crossed22,
      missingPrices: this.missing.length,
      unknownCosts: this.unknownCosts.length,
      unknown: 0,
    };
    for (const r of this.rows) {
      if (r.typ === "Kauf") summary.käufe++;
      else if (r.typ === "Verkauf") summary.verkäufe++;
      else if (r.typ === "ROI") summary.roi++;
      else if (r.typ === "Tausch") summary.tausch++;
      else if (r.typ === "Unbekannt") summary.unbekannt++;
      if (r.steuerpflichtig === true) summary.steuerpflichtig++;
      else if (r.steuerpflichtig === false) summary.steuerfrei++;
      else summary.unknown++;
    }

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
          symbol: this.meta(q.asset).symbol,
          amount: lot.text ?? this.amountText(q.asset, lot.amount),
          acquired: known ? isoDate(lot.day) : null,
          acquiredAt: known ? lot.time + LOT_EPOCH : null,
          cost: lot.cost === null ? null : eurExact(lot.cost),
          haltefristEndet: known ? isoDate(end) : null,
          steuerfreiAb: known ? isoDate(end + 1) : null,
        });
      }
    }
    return {
      year: this.opts.year ?? null,
      transactions: this.rows,
      summary,
      years,
      holdings,
      missingPrices: this.missing,
      unknownCosts: this.unknownCosts,
    };
  }
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
