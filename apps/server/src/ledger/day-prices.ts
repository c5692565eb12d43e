import { berlinIsoDate, NATIVE, type NormalizedTransfer, type UsdPriceLookup } from "@pulsemanager/core";
import { dayStart, type HistoricalPriceService } from "../chain/prices/historical-prices.ts";
import type { Logger } from "../logger.ts";

/** Price loading is reported as this many progress batches (onStep). */
export const PRICE_STEPS = 10;
/** Tokens per call of the price service (its pool step reads those priced on one day in one multicall). */
const TOKENS_PER_CALL = 50;

export interface DayPrices {
  /** USD per whole token on the UTC day of a time; only prices marked reliable. */
  lookup: UsdPriceLookup;
  /** The German calendar days the prices need euro rates for. */
  days(): string[];
}

/** Prices needed beyond the days the tokens moved (the tax report's fork cost split): a token at these times. */
export interface ExtraPrices {
  chainId: number;
  address: string;
  /** Unix seconds; the price of each one's UTC day is loaded, the euro rate of its German day. */
  times: readonly number[];
}

interface TokenDays {
  chainId: number;
  address: string;
  days: Set<number>;
  first: number;
}

/**
 * Daily USD prices of everything that moved: per token only the days it moved (plus the native coin
 * on every day with a transaction: fees and purchases are paid in it), never every token on every day. Stored prices come first,
 * then DefiLlama, then the PulseX pools (HistoricalPriceService); a price not found stays missing.
 */
export async function loadDayPrices(
  deps: DayPriceDeps,
  transfers: readonly NormalizedTransfer[],
  decimalsOf: (assetKey: string) => number,
  onStep: () => Promise<void>,
  extra: readonly ExtraPrices[] = [],
): Promise<DayPrices> {
  const calls = groupIntoCalls(tokenDaysOf(transfers, extra));
  const prices: PricesByAsset = new Map();
  let stepsDone = 0;
  for (let c = 0; c < calls.length; c++) {
    await loadCall(deps, calls[c] as TokenDays[], decimalsOf, prices);
    // Progress in PRICE_STEPS even batches, however many calls there are.
    const reached = Math.floor(((c + 1) * PRICE_STEPS) / calls.length);
    while (stepsDone < reached) {
      stepsDone++;
      await onStep();
    }
  }
  while (stepsDone < PRICE_STEPS) {
    stepsDone++;
    await onStep();
  }
  return {
    lookup: (asset, t) => prices.get(asset)?.get(dayStart(t)),
    days: () => germanDaysOf(transfers, extra),
  };
}

interface DayPriceDeps {
  historicalPrices: HistoricalPriceService;
  logger: Logger;
}

/** Reliable USD prices by asset key (`chainId:address`) and UTC day start. */
type PricesByAsset = Map<string, Map<number, { usd: string; source: string }>>;

/** The UTC days each token moved on (and the native coin on every day with a transfer), in order of appearance. */
function tokenDaysOf(transfers: readonly NormalizedTransfer[], extra: readonly ExtraPrices[]): TokenDays[] {
  const wanted: TokenDays[] = [];
  // Per chain by address (no key text built per transfer): a history repeats a handful of tokens.
  const byChain = new Map<number, Map<string, TokenDays>>();
  const need = (chainId: number, address: string, day: number) => {
    let onChain = byChain.get(chainId);
    if (!onChain) {
      onChain = new Map();
      byChain.set(chainId, onChain);
    }
    let w = onChain.get(address);
    if (!w) {
      w = { chainId, address, days: new Set(), first: day };
      onChain.set(address, w);
      wanted.push(w);
    }
    w.days.add(day);
  };
  for (const t of transfers) {
    const day = dayStart(t.timestamp);
    need(t.chainId, t.token, day);
    if (t.token !== NATIVE) need(t.chainId, NATIVE, day);
  }
  for (const e of extra) for (const at of e.times) need(e.chainId, e.address, dayStart(at));
  return wanted;
}

/** Tokens active in the same period share calls (one chain each): the pool step then reads few days per call. */
function groupIntoCalls(wanted: readonly TokenDays[]): TokenDays[][] {
  const ordered = [...wanted].sort((a, b) => a.chainId - b.chainId || a.first - b.first);
  const calls: TokenDays[][] = [];
  for (let i = 0; i < ordered.length; ) {
    const chainId = (ordered[i] as TokenDays).chainId;
    const call: TokenDays[] = [];
    while (i < ordered.length && call.length < TOKENS_PER_CALL && (ordered[i] as TokenDays).chainId === chainId)
      call.push(ordered[i++] as TokenDays);
    calls.push(call);
  }
  return calls;
}

/** One call of the price service: its reliable prices go into `prices`; a failed call leaves them missing. */
async function loadCall(
  deps: DayPriceDeps,
  call: readonly TokenDays[],
  decimalsOf: (assetKey: string) => number,
  prices: PricesByAsset,
): Promise<void> {
  const chainId = (call[0] as TokenDays).chainId;
  try {
    const answer = await deps.historicalPrices.prices(
      chainId,
      call.map((t) => ({
        address: t.address,
        decimals: decimalsOf(`${chainId}:${t.address}`),
        points: [...t.days],
      })),
      [],
      "day",
    );
    if (answer.problems.length > 0) deps.logger.warn({ chainId, problems: answer.problems }, "ledger: day prices");
    for (const [address, byDay] of answer.prices) {
      const m = new Map<number, { usd: string; source: string }>();
      for (const [at, q] of byDay) if (q.reliable) m.set(at, { usd: q.usd, source: q.source });
      prices.set(`${chainId}:${address}`, m);
    }
  } catch (err) {
    deps.logger.warn({ err, chainId }, "ledger: day price lookup failed");
  }
}

/** The German calendar days of the transfers and the extra times. */
function germanDaysOf(transfers: readonly NormalizedTransfer[], extra: readonly ExtraPrices[]): string[] {
  const days = new Set<string>();
  let last = -1;
  for (const t of transfers) {
    if (t.timestamp === last) continue;
    last = t.timestamp;
    days.add(berlinIsoDate(t.timestamp));
  }
  for (const e of extra) for (const at of e.times) days.add(berlinIsoDate(at));
  return [...days];
}
