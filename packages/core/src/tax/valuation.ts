/**
 * Valuation: what a leg is worth in EUR at the event's time (atto-euros, exact), the asset's symbol
 * and decimals, and how a value is shared over several legs. Prices are parsed once per quote and
 * asset (events come in time order, so the asset's last quote comes again and again).
 */
import { allocate, divRoundPow10, EUR_SCALE, formatFixed, PRICE_SCALE, parseFixed, pow10 } from "./fixed.ts";
import type { AssetInfoLookup, EurPriceLookup, TaxLeg } from "./types.ts";

export interface AssetMeta {
  symbol: string;
  decimals: number;
  /** The address part of the key ("native" for the native coin), or the key itself. */
  address: string;
  /** The last quote priced for this asset and its parsed price. */
  lastEur: string | undefined;
  lastPrice: Price | undefined;
}

/** A quoted EUR price as an integer: `units` / 10^`places` EUR per whole token. */
interface Price {
  units: bigint;
  /** The quote's own decimals (at most PRICE_SCALE; more are rounded to it). */
  places: number;
}

/** Market values of one side's legs (reused; valid until the next priceSide call on it). */
export interface Side {
  vals: (bigint | null)[];
  total: bigint | null;
  source: string | null;
  missing: TaxLeg[];
}

const newSide = (): Side => ({ vals: [], total: null, source: null, missing: [] });

const NOT_PLAIN = -2;
/**
 * Where the point of a plain decimal is ("12.5", "-.5", "3.": an optional sign, digits, at most one
 * point), -1 without one, NOT_PLAIN for any other text. A scan of the characters: a quote is parsed
 * for nearly every event (each asset's quote changes every day).
 */
function plainPoint(text: string): number {
  const n = text.length;
  const c0 = text.charCodeAt(0);
  let dot = -1;
  let digits = 0;
  for (let i = c0 === 43 || c0 === 45 ? 1 : 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && dot < 0) dot = i;
    else return NOT_PLAIN;
  }
  return digits > 0 ? dot : NOT_PLAIN;
}

/** A quote's decimal string as units of its own decimals (plain decimals up to PRICE_SCALE are exact). */
function parsePrice(eur: string): Price {
  const text = eur.trim();
  const dot = plainPoint(text);
  if (dot !== NOT_PLAIN) {
    if (dot < 0) return { units: BigInt(text), places: 0 };
    const places = text.length - dot - 1;
    if (places <= PRICE_SCALE) return { units: BigInt(text.slice(0, dot) + text.slice(dot + 1)), places };
  }
  return { units: parseFixed(text, PRICE_SCALE, true), places: PRICE_SCALE };
}

export class Valuation {
  private readonly assetMeta = new Map<string, AssetMeta>();
  private lastAsset: string | undefined = undefined;
  private lastMeta: AssetMeta | undefined = undefined;
  /** Two sides to price (what was given, what was received) without new arrays per event. */
  readonly sideA = newSide();
  readonly sideB = newSide();
  /** The source of the last leg priced. */
  lastSource = "";
  /** Unix seconds of the event being valued. */
  time = -1;

  constructor(
    private readonly prices: EurPriceLookup | undefined,
    private readonly assets: AssetInfoLookup | undefined,
    /** Called for each leg without a price when a value has to be shared over several legs. */
    private readonly onMissingShare: (leg: TaxLeg) => void,
  ) {}

  meta(asset: string): AssetMeta {
    // An event asks for the same asset several times (price, amounts, row, lots): the last one is kept.
    if (asset === this.lastAsset) return this.lastMeta as AssetMeta;
    let m = this.assetMeta.get(asset);
    if (!m) {
      const info = this.assets?.(asset);
      const colon = asset.indexOf(":");
      m = {
        symbol: info?.symbol ?? asset,
        decimals: info?.decimals ?? 18,
        address: colon >= 0 ? asset.slice(colon + 1) : asset,
        lastEur: undefined,
        lastPrice: undefined,
      };
      this.assetMeta.set(asset, m);
    }
    this.lastAsset = asset;
    this.lastMeta = m;
    return m;
  }

  /** Base units as whole tokens. */
  amountText(asset: string, amount: bigint): string {
    return formatFixed(amount, this.meta(asset).decimals);
  }

  /** The leg's EUR value at `time` (its source in lastSource), or null. */
  legValue(leg: TaxLeg): bigint | null {
    const q = this.prices?.(leg.asset, this.time);
    if (!q) return null;
    const m = this.meta(leg.asset);
    const p = q.eur === m.lastEur ? (m.lastPrice as Price) : this.price(m, q.eur);
    this.lastSource = q.source;
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

  priceSide(legs: readonly TaxLeg[], side: Side): Side {
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
        side.source ??= this.lastSource;
      }
    }
    if (side.total === null) side.source = null;
    return side;
  }

  /**
   * The part of `value` each of several legs carries, by the legs' own market values; null when
   * there is one leg (it carries all), when the value is unknown, or when a leg has no price.
   */
  shares(value: bigint | null, legs: readonly TaxLeg[], priced: Side | null): bigint[] | null {
    if (legs.length <= 1 || value === null) return null;
    const p = priced ?? this.priceSide(legs, this.sideB);
    if (p.total === null) {
      for (const leg of p.missing) this.onMissingShare(leg);
      return null;
    }
    return allocate(value, p.vals as bigint[]);
  }
}

/** Splits a fee over legs in the proportion of their shares (equally when those are unknown). */
export function splitLike(fee: bigint, shares: readonly bigint[] | null, n: number): bigint[] {
  return allocate(fee, shares ?? new Array<bigint>(n).fill(1n));
}
