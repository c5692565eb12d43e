import {
  baseCoinOf,
  CURRENT_PRICE_ORDER,
  type CurrentPriceStep,
  FALLBACK_USD,
  NATIVE,
  type PriceQuote,
  poolPriceSource,
  priceSeriesOf,
  type TokenRegistry,
  tokenKey,
} from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { type PoolPricingConfig, readPoolPrices } from "./pulsex-pools.ts";

/** What the price service needs from DefiLlama (current prices by chain and address). */
export interface CurrentPriceSource {
  readonly name: string;
  current(
    chainId: number,
    addresses: readonly string[],
  ): Promise<Map<string, { usd: string; timestamp: number; confidence: number | null }>>;
}

export interface PricedChain {
  chainId: number;
  client: PublicClient;
  pools?: PoolPricingConfig;
}

export interface PriceRequest {
  /** Lower-case contract address or "native". */
  address: string;
  decimals: number;
}

export interface PriceAnswer {
  quotes: Map<string, PriceQuote>;
  problems: string[];
  partial: boolean;
}

/** DefiLlama confidence below this is shown but not trusted. */
export const MIN_CONFIDENCE = 0.9;

/**
 * Current USD prices by contract address, each with its source and whether it is reliable, walking
 * the price order of core's price-policy.ts (CURRENT_PRICE_ORDER: stablecoin rule, DefiLlama, the
 * chain's pools, the fallback; wrapped tokens through their base's series). Cached for `ttlMs`.
 */
export class PriceService {
  private readonly cache = new Map<string, { quote: PriceQuote; until: number }>();

  constructor(
    private readonly deps: {
      registry: TokenRegistry;
      chains: ReadonlyMap<number, PricedChain>;
      defillama?: CurrentPriceSource;
      ttlMs?: number;
      now?: () => number;
    },
  ) {}

  async currentPrices(chainId: number, requests: readonly PriceRequest[]): Promise<PriceAnswer> {
    const now = (this.deps.now ?? Date.now)();
    const quotes = new Map<string, PriceQuote>();
    const problems: string[] = [];
    const registry = this.deps.registry;
    const nowSeconds = Math.floor(now / 1000);

    const open: PriceRequest[] = [];
    for (const r of requests) {
      const address = r.address === NATIVE ? NATIVE : r.address.toLowerCase();
      const cached = this.cache.get(tokenKey(chainId, address));
      const stable = stablecoinQuote(registry, chainId, address, nowSeconds);
      if (cached && cached.until > now) quotes.set(address, cached.quote);
      else if (stable) quotes.set(address, stable);
      else open.push({ ...r, address });
    }
    if (open.length === 0) return { quotes, problems, partial: false };

    // Wrapped tokens are valued as their base (WPLS as PLS); the native coin through the wrapped contract.
    const wrapped = registry.wrappedNative(chainId)?.address;
    // Each request's lookup address once; the decimals of the first request that looks an address up.
    const viaBaseOf = new Map(open.map((r) => [r.address, priceSeriesOf(registry, chainId, r.address)]));
    const decimalsOf = new Map<string, number>();
    for (const r of open) {
      const a = viaBaseOf.get(r.address) as string;
      if (!decimalsOf.has(a)) decimalsOf.set(a, r.decimals);
    }
    const addresses = [...decimalsOf.keys()].filter((a) => a !== NATIVE);

    let llama = new Map<string, { usd: string; timestamp: number; confidence: number | null }>();
    if (this.deps.defillama && addresses.length > 0) {
      try {
        llama = await this.deps.defillama.current(chainId, addresses);
      } catch (err) {
        problems.push(`${this.deps.defillama.name}: ${(err as Error).message}`);
      }
    }

    const chain = this.deps.chains.get(chainId);
    // Every token's pools, also of those DefiLlama prices: the liquidity rule (judgeHoldingPrice) weighs
    // a holding against its deepest pool whatever the source of its price.
    let pools: Awaited<ReturnType<typeof readPoolPrices>> | undefined;
    if (chain?.pools && addresses.length > 0) {
      try {
        pools = await readPoolPrices(
          chain.client,
          chain.pools,
          addresses.map((a) => ({ address: a, decimals: decimalsOf.get(a) ?? 18 })),
        );
      } catch (err) {
        problems.push(`pulsex pools on chain ${chainId}: ${(err as Error).message}`);
      }
    }

    for (const r of open) {
      const viaBase = viaBaseOf.get(r.address) as string;
      const isNativeValue = viaBase === wrapped && (r.address === NATIVE || r.address === wrapped);
      const valuedAsBase = (isNativeValue && r.address !== NATIVE) || baseCoinOf(chainId, r.address) !== undefined;
      // The chain's own coin trades in many pools: only tokens are weighed against their deepest one.
      const liquidityUsd = isNativeValue ? undefined : pools?.quotes.get(viaBase)?.liquidityUsd;
      const steps: Record<CurrentPriceStep, () => PriceQuote | undefined> = {
        stablecoin: () => stablecoinQuote(registry, chainId, r.address, nowSeconds),
        defillama: () => fromLlama(llama.get(viaBase), valuedAsBase ? "wrapped_base" : undefined, liquidityUsd),
        pools: () => fromPools(chainId, pools, viaBase, wrapped),
        fallback: () => fallback(chainId, r.address, isNativeValue, nowSeconds),
      };
      const quote = firstQuote(steps);
      if (!quote) continue;
      quotes.set(r.address, quote);
      if (quote.source !== "fallback") {
        this.cache.set(tokenKey(chainId, r.address), { quote, until: now + (this.deps.ttlMs ?? 60_000) });
      }
    }
    return { quotes, problems, partial: problems.length > 0 };
  }
}

/** The first quote along the price order (core's price-policy.ts). */
function firstQuote(steps: Record<CurrentPriceStep, () => PriceQuote | undefined>): PriceQuote | undefined {
  for (const step of CURRENT_PRICE_ORDER) {
    const quote = steps[step]();
    if (quote) return quote;
  }
  return undefined;
}

/** A real (bridged) stablecoin is 1 USD; a fork copy of one is not a stablecoin. */
function stablecoinQuote(
  registry: TokenRegistry,
  chainId: number,
  address: string,
  at: number,
): PriceQuote | undefined {
  return registry.isRealStablecoin(chainId, address)
    ? { usd: "1", source: "stablecoin", reliable: true, at }
    : undefined;
}

function fromLlama(
  hit: { usd: string; timestamp: number; confidence: number | null } | undefined,
  relabel?: "wrapped_base",
  liquidityUsd?: string,
): PriceQuote | undefined {
  if (!hit) return undefined;
  const reliable = (hit.confidence ?? 1) >= MIN_CONFIDENCE;
  if (!reliable) return undefined;
  return {
    usd: hit.usd,
    source: relabel ?? "defillama",
    reliable,
    at: hit.timestamp,
    ...(relabel ? { note: "valued as the base asset (DefiLlama)" } : {}),
    ...(liquidityUsd ? { liquidityUsd } : {}),
  };
}

function fromPools(
  chainId: number,
  pools: Awaited<ReturnType<typeof readPoolPrices>> | undefined,
  address: string,
  wrapped: string | undefined,
): PriceQuote | undefined {
  if (!pools) return undefined;
  const q = address === wrapped ? pools.nativeUsd : pools.quotes.get(address);
  if (!q) return undefined;
  return {
    usd: q.usd,
    source: poolPriceSource(chainId, q.version),
    reliable: q.reliable,
    at: Math.floor(Date.now() / 1000),
    note: q.note ?? `${poolPriceSource(chainId, q.version)} pool ${q.pair}, liquidity ${q.liquidityUsd} USD`,
    liquidityUsd: q.liquidityUsd,
  };
}

/** PLS 0.00005, ETH 2400 when nothing live exists; shown, never trusted (docs/product/wallets-and-portfolio.md). */
function fallback(chainId: number, address: string, isNativeValue: boolean, at: number): PriceQuote | undefined {
  if (!isNativeValue && address !== NATIVE) return undefined;
  const usd = FALLBACK_USD[chainId];
  if (!usd) return undefined;
  return { usd, source: "fallback", reliable: false, at, note: "no live price: fixed fallback value" };
}
