/**
 * The tax engine: events in chronological order through FIFO lots per wallet and asset, with the
 * German one-year period, fees, income as new lots and the Freigrenzen per calendar year. Pure and
 * exact: amounts are bigint base units, EUR values bigint atto-euros, rounded only for display.
 * Written for a million transfers: no closures or temporary arrays per event on the common paths.
 */
import { LOT_EPOCH, type Lot, LotBook, UNKNOWN } from "./fifo.ts";
import {
  allocate,
  divRound,
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
import { berlinDay, dayFromCivil, holdingPeriodEnd, isoDate, isTaxFree, yearOfDay } from "./holding-period.ts";
import type {
  ComputeOptions,
  ConsumedLot,
  EurPriceLookup,
  MissingPriceEntry,
  OpenLot,
  ReportTransaction,
  ReportTyp,
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
  /** Divisor turning base units x price (36 places) into atto-euros: 10^(decimals + 36 - 18). */
  divisor: bigint;
  /** The address part of the key ("native" for the native coin), or the key itself. */
  address: string;
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
/** "1234.5" -> "1234,5" as one flat string. */
const germanAmount = (s: string): string => {
  const dot = s.indexOf(".");
  return dot < 0 ? s : [s.slice(0, dot), ",", s.slice(dot + 1)].join("");
};
const newSide = (): Side => ({ vals: [], total: null, source: null, missing: [] });

/**
 * The engine as an object: add events in time order, then finish(). computeTaxReport and
 * taxReportFromTransfers drive it; a caller with its own event stream can too.
 */
export class TaxEngine {
  private readonly book = new LotBook();
  private readonly assetMeta = new Map<string, AssetMeta>();
  private readonly priceCache = new Map<string, bigint>();
  private readonly years = new Map<number, YearAcc>();
  private readonly rows: ReportTransaction[] = [];
  private readonly missing: MissingPriceEntry[] = [];
  private readonly unknownCosts: UnknownCostEntry[] = [];
  private readonly lastDay: number | undefined;
  private readonly pieces: Lot[] = [];
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
      this.rLots.length = 0;
      this.rGain = 0n;
      this.rGainKnown = true;
      this.rDisposed = false;
      this.rAnyTaxable = false;
      this.rAnyUnknown = false;
      this.rLatestEnd = UNKNOWN;
      this.rEndKnown = true;
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
        amount: this.amountText(leg.asset, amount),
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
      m = {
        symbol: info?.symbol ?? asset,
        decimals,
        divisor: pow10(decimals + PRICE_SCALE - EUR_SCALE),
        address: colon >= 0 ? asset.slice(colon + 1) : asset,
      };
      this.assetMeta.set(asset, m);
    }
    return m;
  }

  private amountText(asset: string, amount: bigint): string {
    return formatFixed(amount, this.meta(asset).decimals);
  }

  /** The leg's EUR value at the current event's time (source in lastPriceSource), or null. */
  private legValue(leg: TaxLeg): bigint | null {
    const q = this.prices?.(leg.asset, this.curTime);
    if (!q) return null;
    let p = this.priceCache.get(q.eur);
    if (p === undefined) {
      p = parseFixed(q.eur, PRICE_SCALE, true);
      if (this.priceCache.size > 1_000_000) this.priceCache.clear();
      this.priceCache.set(q.eur, p);
    }
    this.lastPriceSource = q.source;
    return divRound(leg.amount * p, this.meta(leg.asset).divisor);
  }

  private priceSide(legs: readonly TaxLeg[], side: Side): Side {
    side.vals.length = 0;
    side.missing.length = 0;
    side.total = 0n;
    side.source = null;
    for (const leg of legs) {
      const v = this.legValue(leg);
      side.vals.push(v);
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
    this.book
      .queue(leg.wallet, leg.asset)
      .insert({ time: this.curLotTime, day: this.curDay, seq: this.seq++, amount: leg.amount, cost });
  }

  /** Takes the fee's native coin from the paying wallet's lots (not a disposal; see README). */
  private payFee(ev: TaxEvent): void {
    const fee = ev.fee;
    if (!fee || fee.amount <= 0n) return;
    this.pieces.length = 0;
    const short = this.book.queue(fee.wallet, fee.asset).take(fee.amount, this.pieces);
    if (short > 0n) this.unknownCost(fee, short, "insufficient-holdings");
  }

  /**
   * Disposes of a leg: FIFO lots, net proceeds split pro rata by amount (the last part takes the
   * remainder, so the parts add up exactly), gains into the year.
   */
  private dispose(leg: TaxLeg, net: bigint | null, proceedsReason: "missing-price" | "no-proceeds"): void {
    if (leg.amount <= 0n) return;
    const pieces = this.pieces;
    pieces.length = 0;
    const short = this.book.queue(leg.wallet, leg.asset).take(leg.amount, pieces);
    if (short > 0n) {
      pieces.push({ time: UNKNOWN, day: UNKNOWN, seq: -1, amount: short, cost: null });
      this.unknownCost(leg, short, "insufficient-holdings");
    }
    const acc = this.curAcc;
    const day = this.curDay;
    const rows = this.curRows;
    let given = 0n;
    const last = pieces.length - 1;
    for (let k = 0; k <= last; k++) {
      const piece = pieces[k] as Lot;
      let proceeds: bigint | null = null;
      if (net !== null) {
        proceeds = k === last ? net - given : (net * piece.amount) / leg.amount;
        given += proceeds;
      }
      const known = piece.time !== UNKNOWN;
      const taxFree = known ? isTaxFree(piece.day, day) : null;
      const gain = proceeds !== null && piece.cost !== null && known ? proceeds - piece.cost : null;
      acc.disposals++;
      if (gain === null) acc.unknownGains++;
      else if (taxFree) acc.taxFree += gain;
      else acc.taxable += gain;
      if (!rows) continue;
      this.rDisposed = true;
      const end = known ? holdingPeriodEnd(piece.day) : UNKNOWN;
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
        acquired: known ? isoDate(piece.day) : null,
        acquiredAt: known ? piece.time + LOT_EPOCH : null,
        amount: this.amountText(leg.asset, piece.amount),
        cost: piece.cost === null ? null : eurExact(piece.cost),
        proceeds: proceeds === null ? null : eurExact(proceeds),
        gain: gain === null ? null : eurExact(gain),
        taxFree,
        haltefristEndet: known ? isoDate(end) : null,
        unknown:
          gain !== null
            ? undefined
            : !known
              ? "insufficient-holdings"
              : piece.cost === null
                ? "unknown-cost"
                : proceedsReason,
      });
    }
  }

  /** Moves lots between own wallets (or native <-> wrapped native) with their dates and costs. */
  private move(from: TaxLeg, to: TaxLeg): void {
    if (from.amount <= 0n) return;
    const pieces = this.pieces;
    pieces.length = 0;
    const short = this.book.queue(from.wallet, from.asset).take(from.amount, pieces);
    if (short > 0n) {
      pieces.push({ time: UNKNOWN, day: UNKNOWN, seq: this.seq++, amount: short, cost: null });
      this.unknownCost(from, short, "insufficient-holdings");
    }
    const dest = this.book.queue(to.wallet, to.asset);
    for (const piece of pieces) {
      if (this.curRows) {
        const known = piece.time !== UNKNOWN;
        const end = known ? holdingPeriodEnd(piece.day) : UNKNOWN;
        if (!known) this.rEndKnown = false;
        else if (end > this.rLatestEnd) this.rLatestEnd = end;
        this.rLots.push({
          use: "moved",
          wallet: from.wallet,
          asset: from.asset,
          acquired: known ? isoDate(piece.day) : null,
          acquiredAt: known ? piece.time + LOT_EPOCH : null,
          amount: this.amountText(from.asset, piece.amount),
          cost: piece.cost === null ? null : eurExact(piece.cost),
          proceeds: null,
          gain: null,
          taxFree: null,
          haltefristEndet: known ? isoDate(end) : null,
          unknown: undefined,
        });
      }
      dest.insert(piece);
    }
  }

  /** "1234,5 HEX": the amount for reading, at most 6 decimals (the exact amount is in `amount` and the lots). */
  private legText(leg: TaxLeg): string {
    const m = this.meta(leg.asset);
    const amount =
      m.decimals > 6
        ? formatFixed(divRound(leg.amount, pow10(m.decimals - 6)), 6)
        : formatFixed(leg.amount, m.decimals);
    return [germanAmount(amount), " ", m.symbol].join("");
  }

  private readonly pairNames = new Map<string, Map<string, string>>();
  /** "HEX → PLSX", one string per pair. */
  private pairName(from: string, to: string): string {
    let m = this.pairNames.get(from);
    if (!m) {
      m = new Map();
      this.pairNames.set(from, m);
    }
    let name = m.get(to);
    if (name === undefined) {
      name = `${this.meta(from).symbol} → ${this.meta(to).symbol}`;
      m.set(to, name);
    }
    return name;
  }

  private legsText(legs: readonly TaxLeg[]): string {
    if (legs.length === 1) return this.legText(legs[0] as TaxLeg);
    return legs.map((l) => this.legText(l)).join(" + ");
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
    const mainAmount = main ? this.amountText(main.asset, main.amount) : "0";
    let coin = mainMeta?.symbol ?? "";
    if (kind === "swap" && given[0] && received[0]) coin = this.pairName(given[0].asset, received[0].asset);

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

    const mainText = main ? this.legText(main) : "";
    const eurText = value === null ? "" : [" für ", germanAmount(eurCents(value)), " EUR"].join("");
    // One flat string per row (joined, not concatenated: see formatFixed).
    let parts: string[];
    switch (kind) {
      case "buy":
        parts = given.length ? [this.legsText(received), " gegen ", this.legsText(given)] : [mainText, eurText];
        break;
      case "sell":
        parts = received.length ? [this.legsText(given), " gegen ", this.legsText(received)] : [mainText, eurText];
        break;
      case "swap":
        parts = [this.legsText(given), " gegen ", this.legsText(received)];
        break;
      case "income":
        parts = [this.legsText(received), " erhalten (Einkünfte §22 Nr. 3)"];
        break;
      case "transfer":
        parts = [this.legsText(given), " von ", fromAddress, " an ", toAddress, " (eigene Wallets, keine Veräußerung)"];
        break;
      case "unknown-in":
        parts = [this.legsText(received), " erhalten, Anschaffungskosten unbekannt"];
        break;
      case "unknown-out":
        parts = [this.legsText(given), " an eine fremde Adresse, Gegenleistung unbekannt"];
        break;
      default:
        parts = ["Nur Transaktionsgebühr"];
    }
    parts.unshift(typ, ": ");
    if (ev.note) parts.push(" – ", ev.note);
    const beschreibung = parts.join("");

    if (value !== null) this.totalValue += value;
    const lots = this.rLots.length === 0 ? (EMPTY_LOTS as ConsumedLot[]) : this.rLots.slice();
    this.rows.push({
      hash: this.curHash,
      typ,
      coin_name: coin,
      steuerpflichtig,
      haltefrist_endet: haltefrist,
      wertEUR: value === null ? null : eurCents(value),
      token_address: mainMeta?.address ?? "",
      from_address: fromAddress,
      to_address: toAddress,
      block_timestamp: new Date(ev.time * 1000).toISOString(),
      transaction_fee: feeValue === null ? null : eurCents(feeValue),
      beschreibung,
      wallet: main?.wallet ?? "",
      kind,
      chainId: ev.chainId ?? null,
      time: ev.time,
      date: this.curDate,
      amount: mainAmount,
      lots,
      gain: this.rDisposed && this.rGainKnown ? eurExact(this.rGain) : null,
      income: kind === "income" && value !== null ? eurExact(value) : null,
      priceSource: source ?? (kind === "fee-only" ? feeSource : null),
      missingPrice,
    });
  }

  finish(): TaxReport {
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
        const known = lot.time !== UNKNOWN;
        const end = known ? holdingPeriodEnd(lot.day) : UNKNOWN;
        holdings.push({
          wallet: q.wallet,
          asset: q.asset,
          symbol: this.meta(q.asset).symbol,
          amount: this.amountText(q.asset, lot.amount),
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
