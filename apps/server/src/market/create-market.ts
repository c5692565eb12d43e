import { BlockByTime } from "../chain/rpc/block-by-time.ts";
import type { ChainConfig, ChainServices } from "../chain/services.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { ChainLoadServices } from "../portfolio/chain-load.ts";
import { MarketCache } from "./market-cache.ts";
import { type MarketChainDeps, type MarketProviders, MarketService } from "./market-service.ts";
import { ChainMarket } from "./sources/chain-market.ts";
import { DexScreenerClient } from "./sources/dexscreener.ts";
import { GeckoTerminalClient } from "./sources/geckoterminal.ts";
import { PulseXSubgraphClient } from "./sources/pulsex-subgraph.ts";
import { TrackerService } from "./tracker-service.ts";

/** The market and the tracker over one shared cache; the chain's pools for every chain that has them. */
export function createMarket(deps: {
  db: Db;
  /** What the market and the tracker read, and the pools and the upstream client the sources are built on. */
  chain: MarketChainDeps & ChainLoadServices & Pick<ChainServices, "pools" | "upstream">;
  config: ChainConfig;
  logger: Logger;
  now: () => Date;
}): { market: MarketService; tracker: TrackerService; cache: MarketCache } {
  const { db, chain, now } = deps;
  const cache = new MarketCache({ db, logger: deps.logger, now });
  const markets = new Map<number, ChainMarket>();
  for (const [chainId, pools] of chain.pools) {
    const client = chain.clients.get(chainId);
    if (!client) continue;
    markets.set(
      chainId,
      new ChainMarket({
        chainId,
        client,
        pools,
        blocks: new BlockByTime(client),
        tokens: () => followedTokens(chain, deps.config, chainId),
        now,
      }),
    );
  }
  const m = deps.config.market ?? {};
  const upstream = chain.upstream;
  const providers: MarketProviders = {
    ...(m.geckoterminalUrl ? { gecko: new GeckoTerminalClient({ upstream, baseUrl: m.geckoterminalUrl }) } : {}),
    ...(m.dexscreenerUrl ? { dexscreener: new DexScreenerClient({ upstream, baseUrl: m.dexscreenerUrl }) } : {}),
    ...(m.subgraphUrls?.length ? { subgraph: new PulseXSubgraphClient({ upstream, urls: m.subgraphUrls }) } : {}),
  };
  return {
    cache,
    market: new MarketService({ db, chain, cache, markets, providers, now }),
    tracker: new TrackerService({ db, chain, cache, markets, now }),
  };
}

/** Deployment tokens the market follows besides the known ones: those with a real pool of their own. */
const FOLLOWED_CATEGORIES = new Set(["printer", "v1-only", "low-liquidity"]);

/** The chain's known tokens, and on a devchain also its printers and pool-only tokens (never spam or fakes). */
function followedTokens(chain: Pick<ChainServices, "registry">, config: ChainConfig, chainId: number) {
  const known = chain.registry.tradedTokens(chainId);
  const deployment = config.deployments.find((d) => d.chainId === chainId);
  const extra = (deployment?.tokens ?? []).filter((t) => FOLLOWED_CATEGORIES.has(t.category));
  return [...known, ...extra.map((t) => ({ ...t, address: t.address.toLowerCase() }))];
}
