import { NATIVE, type TokenRegistry, type TokenRole } from "@pulsemanager/core";
import type { PoolPricingConfig } from "../prices/pulsex-pools.ts";

/**
 * A chain deployment other than mainnet (the devchain): its RPC, its contracts and
 * what each token is. The shape is the chain entry that `npm run devchain` prints.
 */
export interface Deployment {
  chainId: number;
  rpcUrl: string;
  contracts: {
    wpls?: string;
    weth?: string;
    factoryV1?: string;
    factoryV2?: string;
    routerV1?: string;
    routerV2?: string;
    distributor?: string;
    /** The contract with HEX's stake interface (on mainnet HEX itself) and the HEX token. */
    hexStakes?: string;
    hex?: string;
    /** The bridge's mediator on this chain and (Ethereum) its native router. */
    omnibridge?: string;
    omnibridgeRouter?: string;
  };
  /** `role` names the token in the deployment ("dai"): the same role on two chains is the same asset. */
  tokens: { address: string; symbol: string; name: string; decimals: number; category: string; role?: string }[];
}

const ROLE_BY_CATEGORY: Record<string, TokenRole> = {
  "wrapped-native": "wrapped-native",
  stablecoin: "stablecoin",
  "fork-copy": "fork-copy",
  ecosystem: "ecosystem",
};

/** Teaches the registry the deployment's tokens by address; spam and fakes stay unknown on purpose. */
export function registerDeployment(registry: TokenRegistry, d: Deployment): void {
  for (const t of d.tokens) {
    const role = ROLE_BY_CATEGORY[t.category];
    if (!role) continue;
    registry.add({
      chainId: d.chainId,
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
      role,
      ...(role === "wrapped-native" ? { baseOf: { chainId: d.chainId, address: NATIVE } } : {}),
    });
  }
}

/**
 * A bridged stablecoin's original on the other deployed chain: the token with the same role there
 * (the devchain's bridged DAI on 369 came from DAI on 1).
 */
export function linkBridgedOrigins(registry: TokenRegistry, deployments: readonly Deployment[]): void {
  for (const d of deployments) {
    for (const t of d.tokens) {
      if (t.category !== "stablecoin" || !t.role) continue;
      const known = registry.get(d.chainId, t.address);
      const origin = deployments
        .filter((o) => o.chainId !== d.chainId)
        .flatMap((o) =>
          o.tokens.filter((x) => x.role === t.role).map((x) => ({ chainId: o.chainId, address: x.address })),
        )[0];
      if (!known || !origin || known.bridgedFrom) continue;
      if (registry.roleOf(origin.chainId, origin.address) === "fork-copy") continue;
      registry.add({ ...known, bridgedFrom: { chainId: origin.chainId, address: origin.address.toLowerCase() } });
    }
  }
}

export function poolConfigFor(d: Deployment, liquidityFloorUsd: string): PoolPricingConfig | undefined {
  const wrapped = d.tokens.find((t) => t.category === "wrapped-native");
  if (!wrapped) return undefined;
  const factories: PoolPricingConfig["factories"] = [];
  if (d.contracts.factoryV1) factories.push({ version: "v1", address: d.contracts.factoryV1 as `0x${string}` });
  if (d.contracts.factoryV2) factories.push({ version: "v2", address: d.contracts.factoryV2 as `0x${string}` });
  if (factories.length === 0) return undefined;
  return {
    factories,
    wrappedNative: { address: wrapped.address.toLowerCase() as `0x${string}`, decimals: wrapped.decimals },
    stablecoins: d.tokens
      .filter((t) => t.category === "stablecoin")
      .map((t) => ({ address: t.address.toLowerCase() as `0x${string}`, decimals: t.decimals })),
    liquidityFloorUsd,
  };
}
