import { PULSECHAIN, type TokenRegistry, TRADE_CHAINS } from "@pulsemanager/core";
import type { ChainConfig } from "../chain/services.ts";
import { PULSEX_MAINNET } from "../chain/settings/pulsex-mainnet.ts";

export interface PulsexRouter {
  version: "v1" | "v2";
  router: `0x${string}`;
  /** The router's factory: its pairs give the reserves for the price impact. */
  factory: `0x${string}`;
}

export interface TradeChain {
  chainId: number;
  routers: PulsexRouter[];
  /** WPLS: the hop of indirect routes, and what PLS is quoted as. */
  wrappedNative: `0x${string}`;
}

const lower = (a: string) => a.toLowerCase() as `0x${string}`;

/**
 * The PulseX routers of a chain: the deployment's (the devchain's) when there is one, else the
 * mainnet PulseX routers on PulseChain. Undefined when the chain has none.
 */
export function tradeChainFor(chainId: number, config: ChainConfig, registry: TokenRegistry): TradeChain | undefined {
  const wrapped = registry.wrappedNative(chainId)?.address;
  if (!wrapped) return undefined;
  const deployment = config.deployments.find((d) => d.chainId === chainId);
  const routers: PulsexRouter[] = [];
  if (deployment) {
    const c = deployment.contracts;
    if (c.routerV1 && c.factoryV1)
      routers.push({ version: "v1", router: lower(c.routerV1), factory: lower(c.factoryV1) });
    if (c.routerV2 && c.factoryV2)
      routers.push({ version: "v2", router: lower(c.routerV2), factory: lower(c.factoryV2) });
  } else if (chainId === PULSECHAIN) {
    for (const version of ["v1", "v2"] as const) {
      routers.push({ version, router: PULSEX_MAINNET[version].router, factory: PULSEX_MAINNET[version].factory });
    }
  }
  return routers.length > 0 ? { chainId, routers, wrappedNative: lower(wrapped) } : undefined;
}

/** Every portfolio chain that has PulseX routers. */
export function tradeChainsOf(config: ChainConfig, registry: TokenRegistry): Map<number, TradeChain> {
  const out = new Map<number, TradeChain>();
  for (const chainId of TRADE_CHAINS) {
    const chain = tradeChainFor(chainId, config, registry);
    if (chain) out.set(chainId, chain);
  }
  return out;
}
