import {
  D,
  type Dec,
  exclusionReason,
  type MarketTimeframe,
  MOVERS_PER_SIDE,
  percentChange,
  rankMovers,
  TIMEFRAME_SECONDS,
  TRACKER_TOKENS_PER_CHAIN,
  type TrackedToken,
  type TrackerResponse,
} from "@pulsemanager/core";
import { readBalances } from "../chain/balances/multicall-balances.ts";
import { discoverTokensByLogs } from "../chain/history/rpc-token-discovery.ts";
import type { ChainServices } from "../chain/services.ts";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import { freshnessOf } from "./freshness.ts";
import type { MarketCache } from "./market-cache.ts";
import type { ChainMarket } from "./sources/chain-market.ts";
import type { MarketTokenInfo } from "./sources/chain-pools.ts";
import { readSupplies } from "./sources/supply-reader.ts";

type Tracked = Omit<TrackerResponse, "asOf" | "source" | "stale" | "ageSeconds">;

/**
 * The token-performance tracker ("CryptoWatch") of any address: its ERC-20 tokens on each chain (spam
 * and fork copies left out by the portfolio's rule), their prices now and at the timeframe's start from
 * the chain's pools, gainers and losers, what each token's burn sinks hold, and the value change.
 */
export class TrackerService {
  constructor(
    private readonly deps: {
      db: Db;
      chain: ChainServices;
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
    const tokens = perChain.flatMap((c) => c.tokens).sort((a, b) => cmpDesc(a.valueUsd, b.valueUsd));
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
      ...rankMovers(tokens, MOVERS_PER_SIDE),
      burns: perChain.flatMap((c) => c.burns),
      performance: {
        valueUsd: valueUsd.toFixed(2),
        valueThenUsd: valueUsd.sub(changeUsd).toFixed(2),
        changeUsd: changeUsd.toFixed(2),
        unpriced: tokens.length - priced.length,
      },
    };
  }

  private async chainTokens(chainId: number, wallet: string, since: number) {
    const held = await this.heldTokens(chainId, wallet);
    const market = this.deps.markets.get(chainId);
    const [now, then] = market
      ? await Promise.all([market.pricesFor(held), market.pricesFor(held, since)])
      : [new Map<string, Dec>(), new Map<string, Dec>()];
    const tokens = held.map((t): TrackedToken => tracked(chainId, t, now.get(t.address), then.get(t.address)));
    const client = this.deps.chain.clients.get(chainId);
    const supplies = client ? await readSupplies(client, chainId, held) : new Map();
    const burns = held.flatMap((t) => {
      const supply = supplies.get(t.address);
      return supply && new D(supply.burned).gt(0)
        ? [{ chainId, address: t.address, symbol: t.symbol, name: t.name, supply }]
        : [];
    });
    return { chainId, tokens, burns };
  }

  /** The wallet's ERC-20s with a balance, at most 100 per chain, spam and fork copies left out. */
  private async heldTokens(chainId: number, wallet: string): Promise<(MarketTokenInfo & { balance: Dec })[]> {
    const client = this.deps.chain.clients.get(chainId);
    if (!client) return [];
    const discovery = this.deps.chain.discovery.get(chainId);
    const found = discovery
      ? (await discovery.discoverTokens({ chainId, address: wallet })).tokens
          .filter((t) => !t.possibleSpam)
          .map((t) => t.address)
      : [...((await discoverTokensByLogs(client, [wallet])).get(wallet) ?? [])];
    const [balances] = await readBalances(client, [
      { wallet: wallet as `0x${string}`, tokens: found as `0x${string}`[] },
    ]);
    const nonZero = [...(balances?.tokens ?? [])].filter(([, raw]) => raw > 0n);
    const meta = await loadTokenMetadata(
      this.deps.db,
      client,
      chainId,
      nonZero.map(([a]) => a),
    );
    const out: (MarketTokenInfo & { balance: Dec })[] = [];
    for (const [address, raw] of nonZero) {
      const m = meta.get(address);
      if (!m?.isErc20 || m.decimals === null) continue;
      const t = { chainId, address, symbol: m.symbol ?? "?", name: m.name ?? m.symbol ?? address };
      if (exclusionReason(t, this.deps.chain.registry, this.deps.chain.tokenBlocklist)) continue;
      out.push({ ...t, decimals: m.decimals, balance: new D(raw.toString()).div(new D(10).pow(m.decimals)) });
    }
    // At most 100 per chain: the tokens the market follows first, so a wallet full of unknown tokens still shows its real ones.
    const market = this.deps.markets.get(chainId);
    const rank = (t: { address: string }) => (market?.follows(t.address) ? 0 : 1);
    return out.sort((a, b) => rank(a) - rank(b)).slice(0, TRACKER_TOKENS_PER_CHAIN);
  }
}

function tracked(chainId: number, t: MarketTokenInfo & { balance: Dec }, now?: Dec, then?: Dec): TrackedToken {
  const value = now ? t.balance.mul(now) : null;
  const valueThen = then ? t.balance.mul(then) : null;
  return {
    chainId,
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    balance: t.balance.toFixed(),
    priceUsd: now?.toSignificantDigits(12).toFixed() ?? null,
    priceThenUsd: then?.toSignificantDigits(12).toFixed() ?? null,
    change: percentChange(now?.toFixed() ?? null, then?.toFixed() ?? null),
    valueUsd: value?.toFixed(2) ?? null,
    valueChangeUsd: value && valueThen ? value.sub(valueThen).toFixed(2) : null,
  };
}

function cmpDesc(a: string | null, b: string | null): number {
  return new D(b ?? -1).cmp(new D(a ?? -1));
}
