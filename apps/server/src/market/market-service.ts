import { createHash } from "node:crypto";
import {
  type ChartRange,
  D,
  type Dec,
  type MarketPair,
  type MarketPairsResponse,
  type MarketTimeframe,
  type MarketToken,
  MOVERS_PER_SIDE,
  type Mover,
  type MoversResponse,
  marketCapOf,
  moverOf,
  NATIVE,
  PULSECHAIN,
  rankMovers,
  type Supply,
  snapshotPriceOf,
  TIMEFRAME_SECONDS,
  type TokenDetailResponse,
  type TokenSearchResponse,
  trustedPriceOf,
} from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import { freshnessOf } from "./freshness.ts";
import { type Cached, type Loaded, MARKET_RETRY_MS, type MarketCache, MarketUnavailableError } from "./market-cache.ts";
import { explorerTokenUrl, swapUrl } from "./market-links.ts";
import type { ChainMarket } from "./sources/chain-market.ts";
import type { DexScreenerClient } from "./sources/dexscreener.ts";
import type { GeckoTerminalClient } from "./sources/geckoterminal.ts";
import type { PulseXSubgraphClient } from "./sources/pulsex-subgraph.ts";
import { readSupplies } from "./sources/supply-reader.ts";
import { sumOfKnown } from "./usd-figures.ts";

/**
 * How long a request waits for a first read of market data before it answers "unavailable" (the read
 * goes on and fills the cache): a chain node that does not answer must not keep the page spinning.
 */
const FIRST_READ_WAIT_MS = 4_000;

/**
 * Holdings the portfolio could not read completely make the held movers "not available yet"; the
 * portfolio behind them is read again once its incomplete result is this old (not kept ten minutes).
 */
export const HELD_MOVERS_REREAD_SECONDS = 30;
/** Pools kept per chain in the cache; an answer shows at most this many. */
const PAIRS_KEPT = 100;
const SEARCH_RESULTS = 50;

export interface MarketProviders {
  gecko?: GeckoTerminalClient;
  dexscreener?: DexScreenerClient;
  subgraph?: PulseXSubgraphClient;
}

/** The chain services the market reads itself: each chain's client (token facts) and the token table. */
export type MarketChainDeps = Pick<ChainServices, "clients" | "registry" | "prices">;

export interface MarketServiceDeps {
  db: Db;
  chain: MarketChainDeps;
  cache: MarketCache;
  /** Chains whose market can be read from their pools. */
  markets: Map<number, ChainMarket>;
  providers: MarketProviders;
  now: () => Date;
}

/** The user's tokens (chain and contract); `complete` false when some of his wallets could not be read. */
export interface Holdings {
  tokens: readonly { chainId: number; address: string }[];
  complete: boolean;
}

/** A token that is not there: not a contract with ERC-20 metadata on that chain. */
export class UnknownTokenError extends Error {}

/**
 * The market shared by all users: pairs, tokens, a token's page and movers. Each resource comes from
 * the cache (market-cache.ts); the public providers where configured (mainnet), the chain's own pools
 * otherwise.
 */
export class MarketService {
  constructor(private readonly deps: MarketServiceDeps) {}

  async pairs(chainId: number, limit: number): Promise<MarketPairsResponse> {
    const cached = await this.pairsOf(chainId).catch(unavailableOr(null));
    if (!cached) return { ...this.unavailable(), pairs: [] };
    return { ...freshnessOf([cached], this.deps.now()), pairs: cached.data.slice(0, limit) };
  }

  async search(q: string, chainId?: number): Promise<TokenSearchResponse> {
    const chains = chainId === undefined ? [...this.deps.markets.keys()] : [chainId];
    const followed = chains.filter((c) => this.deps.markets.has(c));
    if (followed.length === 0) throw new UnknownTokenError("no market on this chain");
    const parts = await Promise.all(followed.map((c) => this.tokensOf(c))).catch(unavailableOr(null));
    if (!parts) return { ...this.unavailable(), tokens: [] };
    const all = parts.flatMap((p) => p.data);
    const needle = q.trim().toLowerCase();
    let tokens = needle ? all.filter((t) => matches(t, needle)) : all;
    if (/^0x[0-9a-f]{40}$/.test(needle) && tokens.length === 0) {
      tokens = await this.unlistedTokens(needle, chains);
    }
    tokens = [...tokens].sort((a, b) => rank(a, needle) - rank(b, needle) || byVolume(a, b)).slice(0, SEARCH_RESULTS);
    return { ...freshnessOf(parts, this.deps.now()), tokens };
  }

  async token(chainId: number, address: string, range: ChartRange): Promise<TokenDetailResponse> {
    const market = this.deps.markets.get(chainId);
    if (!market) throw new UnknownTokenError(`no market on chain ${chainId}`);
    const token = address.toLowerCase();
    const detail = await this.cached(`token:${chainId}:${token}`, async () => ({
      data: await this.readDetail(chainId, token),
      source: this.deps.providers.dexscreener ? ("dexscreener" as const) : ("chain" as const),
    }));
    if (!detail.data) throw new UnknownTokenError(`${chainId}:${token}`);
    const history = await this.cached(`history:${chainId}:${token}:${range}`, async () => {
      if (this.deps.providers.subgraph && (range === "30d" || range === "1y")) {
        const days = range === "30d" ? 30 : 365;
        return {
          data: await this.deps.providers.subgraph.dailyPrices(token, days),
          source: "pulsex-subgraph" as const,
        };
      }
      return { data: await market.history(token, range), source: "chain" as const };
    });
    return {
      ...freshnessOf([detail, history], this.deps.now()),
      ...detail.data,
      range,
      history: history.data,
      explorerUrl: explorerTokenUrl(chainId, token),
      swapUrl: swapUrl(chainId, token),
    };
  }

  /**
   * Gainers and losers of a chain's market: each followed token at its price in the market's pools now
   * and at the timeframe's start, both read by the price policy (`snapshotPriceOf`: a real stablecoin is
   * 1 USD, the native coin is its wrapped token).
   */
  async movers(chainId: number, timeframe: MarketTimeframe): Promise<MoversResponse> {
    const market = this.deps.markets.get(chainId);
    if (!market) return this.noMovers(timeframe);
    const tokens = await this.tokensOf(chainId).catch(unavailableOr(null));
    if (!tokens) return { ...this.noMovers(timeframe), ...this.unavailable() };
    const cached = await this.cached(`movers:${chainId}:${timeframe}`, async () => {
      const then = await market.pricesAt(this.timeframeStart(timeframe));
      const now = new Map(tokens.data.flatMap((t) => (t.priceUsd ? [[t.address, new D(t.priceUsd)] as const] : [])));
      const priceIn = (prices: ReadonlyMap<string, Dec>, address: string) =>
        snapshotPriceOf(this.deps.chain.registry, chainId, address, prices);
      const rows = tokens.data.flatMap((t) => moverOf(t, priceIn(now, t.address), priceIn(then, t.address)) ?? []);
      return { data: rankMovers(rows, MOVERS_PER_SIDE), source: "chain" as const };
    }).catch(unavailableOr(null));
    // A first read slower than the wait, or one that failed, is "not available yet" (asked again soon).
    if (!cached) return { ...this.noMovers(timeframe), ...this.unavailable() };
    return { ...freshnessOf([tokens, cached], this.deps.now()), timeframe, ...cached.data };
  }

  /**
   * Gainers and losers among the given tokens (the user's holdings): each at the price policy's current
   * price (the portfolio's: stablecoin rule, DefiLlama, the chain's pools; trusted quotes only) against
   * its price in the chain's pools at the timeframe's start (`snapshotPriceOf`), the only source here
   * with a price of any past moment. Holdings or prices that could not all be read give no answer of
   * their own: "not available yet", asked again within seconds (an empty list would read as "none of
   * your tokens moved").
   */
  async heldMovers(userId: string, holdings: Holdings, timeframe: MarketTimeframe): Promise<MoversResponse> {
    if (!holdings.complete) return { ...this.noMovers(timeframe), ...this.unavailable() };
    const held = holdings.tokens;
    // Keyed by the held set too: an answer for yesterday's holdings (or for none, right before the first
    // wallet was added) must not stand for a minute as the answer for today's.
    const cached = await this.cached(`movers-held:${userId}:${timeframe}:${heldKey(held)}`, async () => {
      const since = this.timeframeStart(timeframe);
      const rows: Mover[] = [];
      for (const [chainId, market] of this.deps.markets) {
        const tokens = await this.tokenInfos(
          chainId,
          held.filter((h) => h.chainId === chainId).map((h) => h.address),
        );
        if (tokens.length === 0) continue;
        const [now, then] = await Promise.all([this.currentPrices(chainId, tokens), market.pricesFor(tokens, since)]);
        const registry = this.deps.chain.registry;
        for (const t of tokens) {
          const row = moverOf(
            { chainId, ...t },
            now.get(t.address),
            snapshotPriceOf(registry, chainId, t.address, then),
          );
          if (row) rows.push(row);
        }
      }
      return { data: rankMovers(rows, MOVERS_PER_SIDE), source: "chain" as const };
    }).catch(unavailableOr(null));
    if (!cached) return { ...this.noMovers(timeframe), ...this.unavailable() };
    return { ...freshnessOf([cached], this.deps.now()), timeframe, ...cached.data };
  }

  /**
   * The price policy's current price of each token (core's price-policy.ts, the portfolio's prices),
   * trusted quotes only. A read with problems that priced none of them is no answer (it throws); one
   * that priced some answers with those (a token without any price, e.g. an airdrop, moves nothing).
   */
  private async currentPrices(
    chainId: number,
    tokens: readonly { address: string; decimals: number }[],
  ): Promise<Map<string, Dec>> {
    const requests = tokens.map((t) => ({ address: t.address, decimals: t.decimals }));
    const answer = await this.deps.chain.prices.currentPrices(chainId, requests);
    const prices = new Map<string, Dec>();
    for (const t of tokens) {
      const price = trustedPriceOf(answer.quotes.get(t.address));
      if (price) prices.set(t.address, price);
    }
    if (answer.partial && prices.size === 0) throw new Error(answer.problems.join("; "));
    return prices;
  }

  /** The unix second the timeframe starts at. */
  private timeframeStart(timeframe: MarketTimeframe): number {
    return Math.floor(this.deps.now().getTime() / 1000) - TIMEFRAME_SECONDS[timeframe];
  }

  /** Symbol, name and decimals of tokens on a chain; the native coin stands as its wrapped token. */
  private async tokenInfos(chainId: number, addresses: readonly string[]) {
    const client = this.deps.chain.clients.get(chainId);
    const wrapped = this.deps.chain.registry.wrappedNative(chainId)?.address;
    const wanted = [...new Set(addresses.map((a) => (a === NATIVE ? wrapped : a.toLowerCase())).filter(isAddress))];
    if (!client || wanted.length === 0) return [];
    const meta = await loadTokenMetadata(this.deps.db, client, chainId, wanted);
    return wanted.flatMap((address) => {
      const m = meta.get(address);
      if (!m?.isErc20 || m.decimals === null) return [];
      return [{ address, symbol: m.symbol ?? "?", name: m.name ?? m.symbol ?? address, decimals: m.decimals }];
    });
  }

  /** The market rows of the given tokens (the watchlist), from the cached universe or read once. */
  async rows(
    entries: readonly { chainId: number; address: string }[],
  ): Promise<{ tokens: MarketToken[]; asOf: Date | null }> {
    const out: MarketToken[] = [];
    const times: Date[] = [];
    for (const chainId of new Set(entries.map((e) => e.chainId))) {
      if (!this.deps.markets.has(chainId)) continue;
      const universe = await this.tokensOf(chainId);
      times.push(universe.asOf);
      for (const e of entries.filter((x) => x.chainId === chainId)) {
        const row =
          universe.data.find((t) => t.address === e.address) ?? (await this.unlistedTokens(e.address, [chainId]))[0];
        if (row) out.push(row);
      }
    }
    const asOf = times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
    return { tokens: out, asOf };
  }

  /** A resource from the shared cache; a first read is waited for a few seconds at most (a node that does not answer). */
  private cached<T>(key: string, load: () => Promise<Loaded<T>>): Promise<Cached<T>> {
    return this.deps.cache.get(key, load, { waitMs: FIRST_READ_WAIT_MS });
  }

  /** The answer of a list whose source has not answered yet and of which nothing is stored. */
  private unavailable() {
    return {
      asOf: this.deps.now().toISOString(),
      source: "chain" as const,
      stale: true,
      ageSeconds: 0,
      unavailable: true,
      retryAfterSeconds: MARKET_RETRY_MS / 1000,
    };
  }

  private noMovers(timeframe: MarketTimeframe): MoversResponse {
    return {
      asOf: this.deps.now().toISOString(),
      source: "chain",
      stale: false,
      ageSeconds: 0,
      timeframe,
      gainers: [],
      losers: [],
    };
  }

  private pairsOf(chainId: number): Promise<Cached<MarketPair[]>> {
    return this.cached(`pairs:${chainId}`, async () => {
      const gecko = this.deps.providers.gecko;
      if (gecko && chainId === PULSECHAIN)
        return { data: await gecko.topPairs(chainId, PAIRS_KEPT), source: "geckoterminal" as const };
      const market = this.deps.markets.get(chainId);
      return { data: market ? (await market.pairs()).slice(0, PAIRS_KEPT) : [], source: "chain" as const };
    });
  }

  private tokensOf(chainId: number): Promise<Cached<MarketToken[]>> {
    return this.cached(`tokens:${chainId}`, async () => {
      const market = this.deps.markets.get(chainId);
      return { data: market ? await market.tokens() : [], source: "chain" as const };
    });
  }

  /** A token outside the followed universe, looked up by its address on each chain. */
  private async unlistedTokens(address: string, chains: readonly number[]): Promise<MarketToken[]> {
    const found: MarketToken[] = [];
    for (const chainId of chains) {
      const detail = await this.cached(`token:${chainId}:${address}`, async () => ({
        data: await this.readDetail(chainId, address),
        source: "chain" as const,
      })).catch(() => null);
      if (detail?.data) found.push(detail.data.token);
    }
    return found;
  }

  private async readDetail(
    chainId: number,
    token: string,
  ): Promise<Pick<TokenDetailResponse, "token" | "supply" | "pools"> | null> {
    const market = this.deps.markets.get(chainId);
    const client = this.deps.chain.clients.get(chainId);
    if (!market || !client) return null;
    const meta = (await loadTokenMetadata(this.deps.db, client, chainId, [token])).get(token);
    if (!meta?.isErc20 || meta.decimals === null) return null;
    const info = {
      address: token,
      symbol: meta.symbol ?? "?",
      name: meta.name ?? meta.symbol ?? token,
      decimals: meta.decimals,
    };
    const supply: Supply | null = (await readSupplies(client, chainId, [info])).get(token) ?? null;
    const dex = this.deps.providers.dexscreener;
    const pools = dex ? await dex.tokenPairs(chainId, token) : await market.poolsOf(info);
    const best = pools[0];
    const listed = (await this.tokensOf(chainId)).data.find((t) => t.address === token);
    const priceUsd = listed?.priceUsd ?? best?.priceUsd ?? null;
    const row: MarketToken = {
      chainId,
      address: token,
      symbol: info.symbol,
      name: info.name,
      priceUsd,
      change24h: listed?.change24h ?? best?.change24h ?? null,
      volume24hUsd: listed?.volume24hUsd ?? sumOfKnown(pools.map((p) => p.volume24hUsd)),
      liquidityUsd: listed?.liquidityUsd ?? sumOfKnown(pools.map((p) => p.liquidityUsd)),
      marketCapUsd: marketCapOf(priceUsd, supply),
      known: this.deps.chain.registry.get(chainId, token) !== undefined,
    };
    return { token: row, supply, pools };
  }
}

/** Lists answer "unavailable" (200, empty) instead of failing when their source never answered. */
function unavailableOr<T>(value: T) {
  return (err: unknown): T => {
    if (err instanceof MarketUnavailableError) return value;
    throw err;
  };
}

function isAddress(a: string | undefined): a is string {
  return a !== undefined && /^0x[0-9a-f]{40}$/.test(a);
}

function matches(t: MarketToken, needle: string): boolean {
  return t.address === needle || t.symbol.toLowerCase().includes(needle) || t.name.toLowerCase().includes(needle);
}

/** Exact symbol first, then symbol prefix, then known tokens, then the rest. */
function rank(t: MarketToken, needle: string): number {
  const s = t.symbol.toLowerCase();
  if (needle && (s === needle || t.address === needle)) return 0;
  if (needle && s.startsWith(needle)) return 1;
  return t.known ? 2 : 3;
}

function byVolume(a: MarketToken, b: MarketToken): number {
  return new D(b.volume24hUsd ?? -1).cmp(new D(a.volume24hUsd ?? -1));
}

/** A short fingerprint of a set of tokens, independent of order and letter case. */
function heldKey(held: readonly { chainId: number; address: string }[]): string {
  const ids = [...new Set(held.map((h) => `${h.chainId}:${h.address.toLowerCase()}`))].sort();
  return createHash("sha256").update(ids.join(",")).digest("hex").slice(0, 16);
}
