import { TokenRegistry } from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { type Devchain, startDevchain } from "../../../../../tools/devchain/src/index.ts";
import { createRpcClient } from "../../../src/chain/rpc/chain-clients.ts";
import { type Deployment, registerDeployment } from "../../../src/chain/settings/deployment.ts";
import { type MeteredCall, UpstreamClient } from "../../../src/upstream/upstream-client.ts";

export interface ChainFixture {
  devchain: Devchain;
  upstream: UpstreamClient;
  calls: MeteredCall[];
  client(chainId: 369 | 1): PublicClient;
  registry: TokenRegistry;
  deployment(chainId: 369 | 1): Deployment;
  stop(): Promise<void>;
}

/** A seeded devchain (a real EVM node) and the app's RPC client in front of it, metering every HTTP request. */
export async function startChainFixture(chains: (369 | 1)[] = [369]): Promise<ChainFixture> {
  const devchain = await startDevchain({ chains });
  const calls: MeteredCall[] = [];
  const upstream = new UpstreamClient({ sink: { record: (c) => calls.push(c) } });
  const clients = new Map<number, PublicClient>();
  const registry = new TokenRegistry();
  const deployment = (chainId: 369 | 1): Deployment => {
    const info = chainId === 369 ? devchain.chain(369) : devchain.chain(1);
    return { chainId, rpcUrl: info.rpcUrl, contracts: info.contracts, tokens: info.tokens };
  };
  for (const id of chains) registerDeployment(registry, deployment(id));
  return {
    devchain,
    upstream,
    calls,
    registry,
    deployment,
    client(chainId) {
      let c = clients.get(chainId);
      if (!c) {
        c = createRpcClient({ chainId, rpcUrl: deployment(chainId).rpcUrl }, upstream);
        clients.set(chainId, c);
      }
      return c;
    },
    stop: () => devchain.stop(),
  };
}
