import { readFileSync } from "node:fs";
import {
  type ChainFork,
  ETHEREUM,
  type OmnibridgeContracts,
  PULSECHAIN,
  PULSECHAIN_FORK,
  TokenRegistry,
} from "@pulsemanager/core";
import type { PublicClient } from "viem";
import type { Db } from "../db/client.ts";
import { EcbClient } from "../fx/ecb.ts";
import { FxService } from "../fx/fx-service.ts";
import { currentRequest } from "../http/request-context.ts";
import type { Logger } from "../logger.ts";
import { DbMeterSink } from "../upstream/db-meter-sink.ts";
import { type ProviderPolicy, UpstreamClient } from "../upstream/upstream-client.ts";
import { bridgeContracts } from "./contracts/bridge-contracts.ts";
import { type HexStakeContract, type PairFactory, positionContracts } from "./contracts/position-contracts.ts";
import { BlockscoutEtherscanSource } from "./explorers/blockscout-etherscan.ts";
import { blockscoutApi, blockscoutProvider, blockscoutV2 } from "./explorers/blockscout-instances.ts";
import { BlockscoutV2Source } from "./explorers/blockscout-v2.ts";
import { EtherscanV2Source } from "./explorers/etherscan-v2.ts";
import { MoralisSource } from "./explorers/moralis.ts";
import type { HistorySource, TokenDiscovery } from "./explorers/types.ts";
import { RpcLogHistorySource } from "./history/rpc-log-history.ts";
import { blockscoutNftSource, type NftSource, rpcNftSource } from "./nfts/nft-sources.ts";
import { DefiLlamaClient, DefiLlamaCurrentPrices } from "./prices/defillama.ts";
import { HistoricalPriceService } from "./prices/historical-prices.ts";
import { type PricedChain, PriceService } from "./prices/price-service.ts";
import type { PoolPricingConfig } from "./prices/pulsex-pools.ts";
import { createRpcClient } from "./rpc/chain-clients.ts";
import { type Deployment, linkBridgedOrigins, poolConfigFor, registerDeployment } from "./settings/deployment.ts";
import { PULSEX_MAINNET } from "./settings/pulsex-mainnet.ts";

export type HistoryKind = "blockscout" | "blockscout-v2" | "etherscan" | "moralis" | "rpc";

export interface ChainConfig {
  rpcUrls: Record<number, string>;
  history: Record<number, HistoryKind>;
  blockscoutUrls: Record<number, string>;
  /** Requests per second to each chain's Blockscout (default 5, see BLOCKSCOUT_POLICY). */
  blockscoutRps?: Record<number, number>;
  etherscanApiKey?: string;
  moralisApiKey?: string;
  /** Undefined: DefiLlama is not asked (offline, devchain). */
  defillamaUrl?: string;
  ecbUrl?: string;
  liquidityFloorUsd: string;
  /** Market data providers; without them the market is read from the chain's pools. */
  market?: { geckoterminalUrl?: string; dexscreenerUrl?: string; subgraphUrls?: string[] };
  /** Chains that are not mainnet (the devchain): their RPC, contracts and token roles. */
  deployments: Deployment[];
  /** Printer-token distributors ("369:0x…"): their payouts are income (ROI) in the tax report. */
  rewardDistributors?: string[];
  /** Known fake tokens ("369:0x…", lower-case): out of the portfolio and the tax report. */
  tokenBlocklist?: string[];
  /** The devchain's PulseChain fork of its Ethereum (its JSON's `fork`); used only where PulseChain is a deployment. */
  fork?: ChainFork;
}

/** The real PulseX V1/V2 factories on PulseChain mainnet; WPLS and the bridged stablecoins from core's token table. */
const MAINNET_TOKENS = new TokenRegistry();
const PULSECHAIN_POOLS = (floor: string): PoolPricingConfig => {
  const wrapped = MAINNET_TOKENS.wrappedNative(PULSECHAIN);
  if (!wrapped) throw new Error("core's token table has no WPLS");
  return {
    factories: [
      { version: "v1", address: PULSEX_MAINNET.v1.factory },
      { version: "v2", address: PULSEX_MAINNET.v2.factory },
    ],
    wrappedNative: { address: wrapped.address as `0x${string}`, decimals: wrapped.decimals },
    stablecoins: MAINNET_TOKENS.stablecoins(PULSECHAIN).map((t) => ({
      address: t.address as `0x${string}`,
      decimals: t.decimals,
    })),
    liquidityFloorUsd: floor,
  };
};

/**
 * Blockscout answers slowly (several seconds, more for 10,000 rows) and refuses more than its per-IP rate with
 * 429: requests are spaced at the rate with no burst, and enough may wait for answers at once to keep that rate
 * (rate × answer time). A 429 holds every request to the instance for its Retry-After (upstream-client.ts).
 */
const BLOCKSCOUT_POLICY: Partial<ProviderPolicy> = { maxConcurrent: 24, ratePerSecond: 5, burst: 1, timeoutMs: 60_000 };
/** Rows per `/api` request: Blockscout's maximum offset (page × offset may not pass 10,000). */
const BLOCKSCOUT_PAGE_SIZE = 10_000;

const POLICIES: Record<string, Partial<ProviderPolicy>> = {
  "rpc-369": { maxConcurrent: 8, ratePerSecond: 20, burst: 20 },
  "rpc-1": { maxConcurrent: 8, ratePerSecond: 20, burst: 20 },
  "blockscout-pulsechain": BLOCKSCOUT_POLICY,
  "blockscout-ethereum": BLOCKSCOUT_POLICY,
  etherscan: { maxConcurrent: 2, ratePerSecond: 4, burst: 4 },
  moralis: { maxConcurrent: 4, ratePerSecond: 10, burst: 10 },
  defillama: { maxConcurrent: 4, ratePerSecond: 10, burst: 10 },
  ecb: { maxConcurrent: 1, ratePerSecond: 1, burst: 1, timeoutMs: 60_000 },
  // News feeds (news/news-service.ts): read every 30 minutes; a slow publisher must not hold the first answer long.
  news: { maxConcurrent: 4, ratePerSecond: 2, burst: 4, timeoutMs: 10_000, retries: 1, backoffMs: 500 },
  // Market data (market/): GeckoTerminal allows 30 calls a minute; the cache asks each resource once a minute at most.
  geckoterminal: { maxConcurrent: 2, ratePerSecond: 0.5, burst: 5, timeoutMs: 10_000, retries: 1, backoffMs: 2_000 },
  dexscreener: { maxConcurrent: 4, ratePerSecond: 5, burst: 5, timeoutMs: 10_000, retries: 1, backoffMs: 1_000 },
  "pulsex-subgraph": { maxConcurrent: 2, ratePerSecond: 2, burst: 2, timeoutMs: 15_000, retries: 1, backoffMs: 1_000 },
};

function isLoopbackUrl(url: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(url);
}

/**
 * Everything read from nodes and explorers, built once by createChainServices (the composition passes it
 * whole). A consumer declares only the members it reads (`Pick<ChainServices, "clients" | "fx">` or a named
 * type beside it, such as `ChainLoadServices` in portfolio/chain-load.ts), so its needs are visible and a
 * test can hand it just those.
 */
export interface ChainServices {
  upstream: UpstreamClient;
  meter: DbMeterSink;
  registry: TokenRegistry;
  clients: Map<number, PublicClient>;
  history: Map<number, HistorySource>;
  discovery: Map<number, TokenDiscovery>;
  prices: PriceService;
  /** Each chain's PulseX-style pools to price from (the devchain's, PulseChain mainnet's). */
  pools: Map<number, PoolPricingConfig>;
  historicalPrices: HistoricalPriceService;
  fx: FxService;
  /** "chainId:0x…" of known reward distributors (configured, plus the devchain's printer). */
  rewardDistributors: string[];
  /** "chainId:0x…" of tokens the operator names as fakes. */
  tokenBlocklist: ReadonlySet<string>;
  /** Per chain: the factories whose pair tokens are liquidity positions. */
  pairFactories: Map<number, PairFactory[]>;
  /** Per chain: the contract HEX stakes live in and its token. */
  hexStakes: Map<number, HexStakeContract>;
  /** Per chain: where the wallets' NFTs are listed from. */
  nfts: Map<number, NftSource>;
  /** Per chain: the official bridge's mediator and native router (mainnet's, or the devchain's). */
  bridges: Map<number, OmnibridgeContracts>;
  /**
   * PulseChain's fork of Ethereum as the tax report applies it: mainnet's (PULSECHAIN_FORK) on the
   * real chains; where PulseChain is a deployment (the devchain) the fork its JSON names, or none.
   */
  fork: ChainFork | undefined;
  close(): Promise<void>;
}

/** The per-chain parts, filled chain by chain (wireChain). */
interface ChainParts {
  clients: Map<number, PublicClient>;
  history: Map<number, HistorySource>;
  discovery: Map<number, TokenDiscovery>;
  priced: Map<number, PricedChain>;
  pairFactories: Map<number, PairFactory[]>;
  hexStakes: Map<number, HexStakeContract>;
  nfts: Map<number, NftSource>;
  bridges: Map<number, OmnibridgeContracts>;
}

export function createChainServices(config: ChainConfig, db: Db, logger: Logger): ChainServices {
  // Each call is tagged with the request that caused it (http/request-context.ts).
  const meter = new DbMeterSink(db, logger, currentRequest);
  const upstream = new UpstreamClient({ policies: upstreamPolicies(config), sink: meter });
  const registry = new TokenRegistry();
  for (const d of config.deployments) registerDeployment(registry, d);
  linkBridgedOrigins(registry, config.deployments);
  const parts = wireChains(config, upstream, registry);
  const llama = config.defillamaUrl ? new DefiLlamaClient({ upstream, baseUrl: config.defillamaUrl }) : undefined;
  const poolConfigs = new Map<number, PoolPricingConfig>();
  for (const [chainId, p] of parts.priced) if (p.pools) poolConfigs.set(chainId, p.pools);
  const { priced, ...perChain } = parts;
  return {
    ...perChain,
    upstream,
    meter,
    registry,
    pools: poolConfigs,
    // Only the operator's list: distributors are found on chain (tokens/reward-sources.ts), the
    // devchain's too - its deployment file does not name them to the app.
    rewardDistributors: [...(config.rewardDistributors ?? [])],
    tokenBlocklist: new Set(config.tokenBlocklist ?? []),
    fork: config.deployments.some((d) => d.chainId === PULSECHAIN) ? config.fork : PULSECHAIN_FORK,
    prices: new PriceService({
      registry,
      chains: priced,
      ...(llama ? { defillama: new DefiLlamaCurrentPrices(llama) } : {}),
    }),
    historicalPrices: new HistoricalPriceService({
      db,
      registry,
      chains: priced,
      ...(llama ? { defillama: llama } : {}),
    }),
    fx: new FxService({ db, ...(config.ecbUrl ? { ecb: new EcbClient({ upstream, baseUrl: config.ecbUrl }) } : {}) }),
    close: () => meter.flush(),
  };
}

/** The rate limits protect public RPCs and explorers; a node on this machine (the devchain) is not throttled. */
function upstreamPolicies(config: ChainConfig): Record<string, Partial<ProviderPolicy>> {
  const policies = { ...POLICIES };
  for (const [chainId, rps] of Object.entries(config.blockscoutRps ?? {}))
    policies[blockscoutProvider(Number(chainId))] = { ...BLOCKSCOUT_POLICY, ratePerSecond: rps };
  for (const d of config.deployments)
    if (isLoopbackUrl(d.rpcUrl))
      policies[`rpc-${d.chainId}`] = { ...policies[`rpc-${d.chainId}`], ratePerSecond: Number.POSITIVE_INFINITY };
  return policies;
}

function wireChains(config: ChainConfig, upstream: UpstreamClient, registry: TokenRegistry): ChainParts {
  const parts: ChainParts = {
    clients: new Map(),
    history: new Map(),
    discovery: new Map(),
    priced: new Map(),
    pairFactories: new Map(),
    hexStakes: new Map(),
    nfts: new Map(),
    bridges: new Map(),
  };
  const blockscout = new BlockscoutEtherscanSource({
    upstream,
    pageSize: BLOCKSCOUT_PAGE_SIZE,
    instances: {
      [PULSECHAIN]: blockscoutApi(PULSECHAIN, config.blockscoutUrls[PULSECHAIN]),
      [ETHEREUM]: blockscoutApi(ETHEREUM, config.blockscoutUrls[ETHEREUM]),
    },
  });
  const moralis = config.moralisApiKey ? new MoralisSource({ upstream, apiKey: config.moralisApiKey }) : undefined;
  for (const chainId of [PULSECHAIN, ETHEREUM])
    wireChain(chainId, parts, { config, upstream, registry, blockscout, moralis });
  return parts;
}

/** One chain's node client, history source, token discovery, pools, position and bridge contracts, NFT source. */
function wireChain(
  chainId: number,
  parts: ChainParts,
  d: {
    config: ChainConfig;
    upstream: UpstreamClient;
    registry: TokenRegistry;
    blockscout: BlockscoutEtherscanSource;
    moralis: MoralisSource | undefined;
  },
): void {
  const { config, upstream, blockscout, moralis } = d;
  const deployment = config.deployments.find((x) => x.chainId === chainId);
  const client = createRpcClient(
    { chainId, rpcUrl: deployment?.rpcUrl ?? (config.rpcUrls[chainId] as string) },
    upstream,
  );
  parts.clients.set(chainId, client);
  const wrapped = d.registry.wrappedNative(chainId)?.address;
  const kind: HistoryKind = deployment ? "rpc" : (config.history[chainId] ?? "blockscout");
  parts.history.set(chainId, historySource(kind, chainId, { upstream, client, blockscout, moralis, config, wrapped }));
  if (!deployment) parts.discovery.set(chainId, moralis && kind === "moralis" ? moralis : blockscout);
  const pools = deployment
    ? poolConfigFor(deployment, config.liquidityFloorUsd)
    : chainId === PULSECHAIN
      ? PULSECHAIN_POOLS(config.liquidityFloorUsd)
      : undefined;
  parts.priced.set(chainId, { chainId, client, ...(pools ? { pools } : {}) });
  const positions = positionContracts(chainId, deployment);
  parts.pairFactories.set(chainId, positions.pairFactories);
  if (positions.hexStakes) parts.hexStakes.set(chainId, positions.hexStakes);
  const bridge = bridgeContracts(chainId, deployment);
  if (bridge) parts.bridges.set(chainId, bridge);
  parts.nfts.set(
    chainId,
    deployment
      ? rpcNftSource(client, chainId)
      : blockscoutNftSource(upstream, chainId, blockscoutV2(chainId, config.blockscoutUrls[chainId])),
  );
}

function historySource(
  kind: HistoryKind,
  chainId: number,
  d: {
    upstream: UpstreamClient;
    client: PublicClient;
    blockscout: BlockscoutEtherscanSource;
    moralis: MoralisSource | undefined;
    config: ChainConfig;
    wrapped: string | undefined;
  },
): HistorySource {
  switch (kind) {
    case "rpc":
      return new RpcLogHistorySource(d.client, { chainId, ...(d.wrapped ? { wrappedNative: d.wrapped } : {}) });
    case "blockscout-v2":
      return new BlockscoutV2Source({
        upstream: d.upstream,
        instances: { [chainId]: blockscoutV2(chainId, d.config.blockscoutUrls[chainId]) },
      });
    case "etherscan":
      if (!d.config.etherscanApiKey) throw new Error("ETHERSCAN_API_KEY is needed for the etherscan history source");
      return new EtherscanV2Source({ upstream: d.upstream, apiKey: d.config.etherscanApiKey, chainIds: [chainId] });
    case "moralis":
      if (!d.moralis) throw new Error("MORALIS_API_KEY is needed for the moralis history source");
      return d.moralis;
    default:
      return d.blockscout;
  }
}

/** The devchain JSON's `fork` (its PulseChain started from its Ethereum's state), if it has one. */
export function readDevchainFork(file: string): ChainFork | undefined {
  const json = JSON.parse(readFileSync(file, "utf8")) as { fork?: ChainFork };
  const f = json.fork;
  if (!f) return undefined;
  return { parentChainId: f.parentChainId, chainId: f.chainId, block: f.block, time: f.time };
}

/** The JSON `npm run devchain` prints: each chain's RPC, contracts and tokens. */
export function readDevchainFile(file: string): Deployment[] {
  const json = JSON.parse(readFileSync(file, "utf8")) as { chains: Record<string, Deployment> };
  return Object.values(json.chains).map((c) => ({
    chainId: c.chainId,
    rpcUrl: c.rpcUrl,
    contracts: c.contracts,
    tokens: c.tokens,
  }));
}
