import { CHAINS } from "@pulsemanager/core";
import { type Chain, createPublicClient, defineChain, http, type PublicClient } from "viem";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";

export const MULTICALL3 = "0xca11bde05977b3631167028862be2a173976ca11" as const;

export interface RpcSettings {
  chainId: number;
  rpcUrl: string;
  /** JSON-RPC batch size; requests made together share one HTTP request. */
  batchSize?: number;
}

export function chainDefinition(chainId: number, rpcUrl: string): Chain {
  const info = CHAINS[chainId];
  return defineChain({
    id: chainId,
    name: info?.name ?? `Chain ${chainId}`,
    nativeCurrency: { name: info?.nativeName ?? "Native", symbol: info?.nativeSymbol ?? "NATIVE", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3 } },
  });
}

/** A viem client whose every HTTP request goes through the upstream client (limits, retries, metering). */
export function createRpcClient(settings: RpcSettings, upstream: UpstreamClient): PublicClient {
  const provider = `rpc-${settings.chainId}`;
  return createPublicClient({
    chain: chainDefinition(settings.chainId, settings.rpcUrl),
    // The chain head must be read fresh for incremental syncs.
    cacheTime: 0,
    transport: http(settings.rpcUrl, {
      batch: { batchSize: settings.batchSize ?? 100, wait: 0 },
      // Retries happen in the upstream client, not twice.
      retryCount: 0,
      timeout: upstream.policy(provider).timeoutMs + 1000,
      fetchFn: upstream.fetchFor(provider, "json-rpc", "rpc"),
    }),
  }) as PublicClient;
}
