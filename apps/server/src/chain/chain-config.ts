import { ETHEREUM, PULSECHAIN } from "@pulsemanager/core";
import type { AppConfig } from "../config.ts";
import type { NewsFeed } from "../news-feeds-config.ts";
import { type ChainConfig, readDevchainFile, readDevchainFork } from "./services.ts";

/** The chain settings of the environment; a DEVCHAIN_FILE points both chains at the local devchain, offline. */
export function chainConfigFrom(config: AppConfig): ChainConfig {
  const deployments = config.DEVCHAIN_FILE ? readDevchainFile(config.DEVCHAIN_FILE) : [];
  const fork = config.DEVCHAIN_FILE ? readDevchainFork(config.DEVCHAIN_FILE) : undefined;
  const enabled = serviceUrlFilter(deployments.length > 0);
  return {
    rpcUrls: { [PULSECHAIN]: config.PULSECHAIN_RPC_URL, [ETHEREUM]: config.ETHEREUM_RPC_URL },
    history: { [PULSECHAIN]: config.PULSECHAIN_HISTORY_SOURCE, [ETHEREUM]: config.ETHEREUM_HISTORY_SOURCE },
    blockscoutUrls: { [PULSECHAIN]: config.PULSECHAIN_BLOCKSCOUT_URL, [ETHEREUM]: config.ETHEREUM_BLOCKSCOUT_URL },
    blockscoutRps: { [PULSECHAIN]: config.PULSECHAIN_BLOCKSCOUT_RPS, [ETHEREUM]: config.ETHEREUM_BLOCKSCOUT_RPS },
    ...(config.ETHERSCAN_API_KEY ? { etherscanApiKey: config.ETHERSCAN_API_KEY } : {}),
    ...(config.MORALIS_API_KEY ? { moralisApiKey: config.MORALIS_API_KEY } : {}),
    ...(enabled(config.DEFILLAMA_URL) ? { defillamaUrl: config.DEFILLAMA_URL } : {}),
    ...(enabled(config.ECB_URL) ? { ecbUrl: config.ECB_URL } : {}),
    market: {
      ...(enabled(config.GECKOTERMINAL_URL) ? { geckoterminalUrl: config.GECKOTERMINAL_URL } : {}),
      ...(enabled(config.DEXSCREENER_URL) ? { dexscreenerUrl: config.DEXSCREENER_URL } : {}),
      subgraphUrls: config.PULSEX_SUBGRAPH_URLS.split(",")
        .map((u) => u.trim())
        .filter((u) => enabled(u) !== undefined),
    },
    liquidityFloorUsd: config.PRICE_LIQUIDITY_FLOOR_USD,
    deployments,
    rewardDistributors: config.REWARD_DISTRIBUTORS,
    tokenBlocklist: config.TOKEN_BLOCKLIST,
    ...(fork ? { fork } : {}),
  };
}

/** Offline (devchain) only services on this machine are asked: local stand-ins in tests and demos. */
function serviceUrlFilter(offline: boolean): (url: string) => string | undefined {
  const loopback = (url: string) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(`${url}/`);
  return (url) => (url === "off" || url === "" || (offline && !loopback(url)) ? undefined : url);
}

/** The news feeds to read: offline (the demo on its devchain) only feeds on this machine, none of the public defaults. */
export function newsFeedsFrom(config: AppConfig, offline: boolean): NewsFeed[] {
  const enabled = serviceUrlFilter(offline);
  return config.NEWS_FEEDS.filter((feed) => enabled(feed.url) !== undefined);
}
