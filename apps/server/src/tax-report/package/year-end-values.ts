/**
 * The holdings of a report at 31 December, valued: per wallet and token the open lots' amount and cost,
 * and the value on that day = the token's USD day price (the historical price service, in the order of
 * core's price-policy.ts: stablecoin, stored, DefiLlama, pools) divided by the ECB's USD per EUR of
 * that day (or the last one published before it). A price or rate not found leaves the value empty
 * with the reason: never 0.
 */
import { eurCents, NATIVE, type OpenLot, PRICE_SCALE, parseEur, type RateOnDay } from "@pulsemanager/core";
import { centsEur, divRoundPow10, formatFixed, parseFixed } from "@pulsemanager/core/tax/fixed";
import { dayStart, type HistoricalPriceService } from "../../chain/prices/historical-prices.ts";
import type { FxService } from "../../fx/fx-service.ts";
import { eurRates } from "../../ledger/eur-rates.ts";
import type { Logger } from "../../logger.ts";

/** Why a holding has no value: 31 December has not come yet, no price of it, no euro rate of it. */
export type YearEndMissing = "not-yet" | "no-price" | "no-eur-rate";

export interface YearEndHolding {
  wallet: string;
  chainId: number;
  /** The token's address, or "native". */
  token: string;
  symbol: string;
  /** Whole tokens, exact: the open lots of this wallet and token added up. */
  amount: string;
  /** The earliest acquisition ("YYYY-MM-DD") of the lots; null when one is not known. */
  acquiredFrom: string | null;
  acquiredTo: string | null;
  lots: number;
  /** EUR with 2 decimals; null when the cost of a lot is not known. */
  cost: string | null;
  /** USD per whole token on 31 December, as the price service answered; null when none was found. */
  usdPrice: string | null;
  priceSource: string | null;
  /** The ECB's USD per EUR used and the day it was published. */
  usdPerEur: RateOnDay | null;
  /** EUR with 2 decimals; null with `missing` when it cannot be known. */
  value: string | null;
  missing: YearEndMissing | null;
}

export interface YearEndDeps {
  historicalPrices: Pick<HistoricalPriceService, "prices">;
  fx: Pick<FxService, "usdPerEur">;
  logger: Logger;
  /** The decimals of a token ("chainId:address"), for the pools' step of the price service. */
  decimalsOf: (asset: string) => number;
  now: () => Date;
}

interface Group {
  wallet: string;
  chainId: number;
  token: string;
  symbol: string;
  lots: OpenLot[];
}

/** "369:0xabc" -> [369, "0xabc"]. */
function splitAsset(asset: string): [number, string] {
  const at = asset.indexOf(":");
  return [Number(asset.slice(0, at)), asset.slice(at + 1)];
}

function groupLots(holdings: readonly OpenLot[]): Group[] {
  const groups = new Map<string, Group>();
  for (const lot of holdings) {
    const key = `${lot.wallet}|${lot.asset}`;
    let g = groups.get(key);
    if (!g) {
      const [chainId, token] = splitAsset(lot.asset);
      g = { wallet: lot.wallet, chainId, token, symbol: lot.symbol, lots: [] };
      groups.set(key, g);
    }
    g.lots.push(lot);
  }
  return [...groups.values()];
}

/** USD day prices of 31 December per asset ("chainId:address"), one call per chain. */
async function decemberPrices(deps: YearEndDeps, groups: readonly Group[], at: number) {
  const byChain = new Map<number, Set<string>>();
  for (const g of groups) byChain.set(g.chainId, (byChain.get(g.chainId) ?? new Set()).add(g.token));
  const out = new Map<string, { usd: string; source: string }>();
  for (const [chainId, tokens] of byChain) {
    const ask = [...tokens].map((address) => ({ address, decimals: deps.decimalsOf(`${chainId}:${address}`) }));
    try {
      const answer = await deps.historicalPrices.prices(chainId, ask, [at], "day");
      for (const [address, byDay] of answer.prices) {
        const q = byDay.get(dayStart(at));
        if (q?.reliable)
          out.set(`${chainId}:${address === NATIVE ? NATIVE : address}`, { usd: q.usd, source: q.source });
      }
    } catch (err) {
      deps.logger.warn({ err, chainId }, "advisor package: year-end prices failed");
    }
  }
  return out;
}

/** Token amounts are added at this scale (exact for every token's decimals). */
const AMOUNT_SCALE = 36;

function sumAmounts(lots: readonly OpenLot[]): string {
  return formatFixed(
    lots.reduce((sum, l) => sum + parseFixed(l.amount, AMOUNT_SCALE, true), 0n),
    AMOUNT_SCALE,
  );
}

/** EUR cents of amount × USD price / (USD per EUR), rounded half away from zero. */
function eurValue(amount: string, usd: string, usdPerEur: string): string {
  // amount × usd (scaled 10^72) × 10^36 / rate (10^36): still 10^72; rounded to cents at the end.
  const numerator = parseFixed(amount, AMOUNT_SCALE, true) * parseFixed(usd, PRICE_SCALE, true) * 10n ** 36n;
  const scaled = numerator / parseFixed(usdPerEur, PRICE_SCALE, true);
  return centsEur(divRoundPow10(scaled, AMOUNT_SCALE + PRICE_SCALE - 2));
}

function costOf(lots: readonly OpenLot[]): string | null {
  if (lots.some((l) => l.cost === null)) return null;
  return eurCents(lots.reduce((sum, l) => sum + parseEur(l.cost as string), 0n));
}

/** The report's holdings (open lots at the end of `year`) by wallet and token, valued at 31 December. */
export async function yearEndValues(
  deps: YearEndDeps,
  year: number,
  holdings: readonly OpenLot[],
): Promise<YearEndHolding[]> {
  const groups = groupLots(holdings);
  if (groups.length === 0) return [];
  const day = `${year}-12-31`;
  const noon = Date.UTC(year, 11, 31, 12) / 1000;
  // A year not over yet has no 31 December price: nothing is asked for, every value says why.
  const over = deps.now().getTime() / 1000 >= noon;
  const prices = over ? await decemberPrices(deps, groups, noon) : new Map<string, { usd: string; source: string }>();
  const rate = over ? ((await eurRates(deps.fx, [day]).catch(() => () => undefined))(day) ?? null) : null;
  return groups.map((g) => {
    const price = prices.get(`${g.chainId}:${g.token}`) ?? null;
    const amount = sumAmounts(g.lots);
    const dates = g.lots.map((l) => l.acquired);
    const known = dates.every((d) => d !== null) ? (dates as string[]).sort() : null;
    const missing: YearEndMissing | null = !over ? "not-yet" : !price ? "no-price" : !rate ? "no-eur-rate" : null;
    return {
      wallet: g.wallet,
      chainId: g.chainId,
      token: g.token,
      symbol: g.symbol,
      amount,
      acquiredFrom: known?.[0] ?? null,
      acquiredTo: known?.at(-1) ?? null,
      lots: g.lots.length,
      cost: costOf(g.lots),
      usdPrice: price?.usd ?? null,
      priceSource: price?.source ?? null,
      usdPerEur: rate,
      value: price && rate ? eurValue(amount, price.usd, rate.rate) : null,
      missing,
    };
  });
}
