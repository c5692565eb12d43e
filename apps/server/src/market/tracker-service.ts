import {
  D,
  type Dec,
  type MarketTimeframe,
  MOVERS_PER_SIDE,
  NATIVE,
  rankMovers,
  snapshotPriceOf,
  TIMEFRAME_SECONDS,
  type TrackerResponse,
} from "@pulsemanager/core";
import type { Db } from "../db/client.ts";
import { type ChainLoadServices, loadChain } from "../portfolio/chain-load.ts";
import { freshnessOf } from "./freshness.ts";
import type { MarketCache } from "./market-cache.ts";
import type { ChainMarket } from "./sources/chain-market.ts";
import { readSupplies } from "./sources/supply-reader.ts";
import { type LoadedHoldings, tokensToPriceThen, trackedRows } from "./tracker-rows.ts";
import { largestFirst } from "./usd-figures.ts";

type Tracked = Omit<TrackerResponse, "asOf" | "source" | "stale" | "ageSeconds">;

/**
 * The token-performance tracker ("CryptoWatch") of any address: its holdings on each chain as the
 * portfolio loads them (native coin, every token, HEX stakes, liquidity positions; spam and fork copies
 * left out by the same rule), valued now as the portfolio values them (the price policy's current price
 * and its judgement of the holding) and at the timeframe's start from the chain's pools as the policy
 * reads them (`snapshotPriceOf`), gainers and losers among the tokens, what each token's burn sinks
 * hold, and the value change.
 */
export class TrackerService {
  constructor(
    private readonly deps: {
      db: Db;
      /** What the portfolio's load of one chain reads (the tracker values a wallet the same way). */
      chain: ChainLoadServices;
      cache: MarketCache;
      markets: Map<number, ChainMarket>;
      now: () => Date;
    },
  ) {}

  async track(address: string, timeframe: MarketTimeframe): Promise<TrackerResponse> {
    const wallet = address.toLowerCase();
    const cached = await this.deps.cache.get(`tracker:${wallet}:${timeframe}`, async () => ({
      data: await this.read(wallet, timeframe),
      source: "chain" as const,
    }));
    return { ...freshnessOf([cached], this.deps.now()), ...cached.data };
  }

  private async read(wallet: string, timeframe: MarketTimeframe): Promise<Tracked> {
    const since = Math.floor(this.deps.now().getTime() / 1000) - TIMEFRAME_SECONDS[timeframe];
    const chains = [...this.deps.chain.clients.keys()];
    const results = await Promise.allSettled(chains.map((chainId) => this.chainTokens(chainId, wallet, since)));
    const perChain = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const unavailableChains = chains.filter((_, i) => results[i]?.status === "rejected");
    if (perChain.length === 0) throw results.find((r) => r.status === "rejected")?.reason;
    const tokens = perChain.flatMap((c) => c.tokens).sort((a, b) => largestFirst(a.valueUsd, b.valueUsd));
    const counts = Object.fromEntries(perChain.map((c) => [String(c.chainId), c.tokens.length]));
    const priced = tokens.filter((t) => t.valueUsd !== null && t.valueChangeUsd !== null);
    const valueUsd = priced.reduce((s, t) => s.add(t.valueUsd as string), new D(0));
    const changeUsd = priced.reduce((s, t) => s.add(t.valueChangeUsd as string), new D(0));
    return {
      address: wallet,
      timeframe,
      counts,
      ...(unavailableChains.length ? { unavailableChains } : {}),
      tokens,
      ...rankMovers(
        tokens.filter((t) => t.kind === "token"),
        MOVERS_PER_SIDE,
      ),
      burns: perChain.flatMap((c) => c.burns),
      performance: {
        valueUsd: valueUsd.toFixed(2),
        valueThenUsd: valueUsd.sub(changeUsd).toFixed(2),
        changeUsd: changeUsd.toFixed(2),
        unpriced: tokens.length - priced.length,
      },
    };
  }

  /** One chain: the holdings as the portfolio loads them, the prices at the timeframe's start, the burns. */
  private async chainTokens(chainId: number, wallet: string, since: number) {
    const { db, chain } = this.deps;
    const load = await loadChain({ db, chain }, chainId, [wallet], NO_TOKENS_INCLUDED_BACK);
    const holdings: LoadedHoldings = { chainId, load, hexToken: chain.hexStakes.get(chainId)?.token.toLowerCase() };
    const priceThen = tokensToPriceThen(holdings);
    const market = this.deps.markets.get(chainId);
    const pools = market ? await market.pricesFor(priceThen, since) : new Map<string, Dec>();
    const tokens = trackedRows(holdings, (address) => snapshotPriceOf(chain.registry, chainId, address, pools));
    const held = load.holdings.filter((h) => h.contractAddress !== NATIVE);
    const client = chain.clients.get(chainId);
    const supplies = client
      ? await readSupplies(
          client,
          chainId,
          held.map((h) => ({ address: h.contractAddress, decimals: h.decimals })),
        )
      : new Map();
    const burns = held.flatMap((h) => {
      const supply = supplies.get(h.contractAddress);
      return supply && new D(supply.burned).gt(0)
        ? [{ chainId, address: h.contractAddress, symbol: h.symbol, name: h.name, supply }]
        : [];
    });
    return { chainId, tokens, burns };
  }
}

/** The tracker is not a user's portfolio: no token the user put back into his own is counted here. */
const NO_TOKENS_INCLUDED_BACK: ReadonlySet<string> = new Set();
