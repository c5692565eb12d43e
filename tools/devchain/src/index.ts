/**
 * Local PulseChain (369) and Ethereum (1) chains on anvil for tests, e2e and the offline demo.
 *
 *   const devchain = await startDevchain();
 *   devchain.chain(369).contracts.hex; devchain.seeded[369].transfers; await devchain.stop();
 */
import type { Address } from "viem";
import { type AnvilProcess, DEFAULT_MNEMONIC, startAnvil } from "./anvil.ts";
import { loadArtifacts } from "./artifacts.ts";
import { runBridge } from "./bridge.ts";
import { GENESIS_TIMESTAMP, walletsFrom } from "./common.ts";
import { buildEthereum, ETHEREUM } from "./ethereum.ts";
import { type BuiltChain, buildPulseChain, PULSE } from "./pulsechain.ts";
import { Rpc } from "./rpc.ts";
import type {
  ChainInfo,
  Devchain,
  DevchainChainId,
  DevchainJson,
  DevchainWallets,
  EthereumChainInfo,
  EthereumContracts,
  PulseChainInfo,
  PulseContracts,
  SeededChainHistory,
  SeededHistory,
  SeededTransfer,
  StartDevchainOptions,
} from "./types.ts";
import { ChainWriter } from "./writer.ts";

export { DEFAULT_MNEMONIC } from "./anvil.ts";
export { GENESIS_TIMESTAMP, MULTICALL3_ADDRESS, storyTime } from "./common.ts";
export { ETHEREUM, ETHEREUM_PRICES_USD } from "./ethereum.ts";
export { PULSE, PULSE_PRICES_USD } from "./pulsechain.ts";
export type * from "./types.ts";

/** Block gas limit of both chains: room for 100 bulk tokens in one transaction. */
const GAS_LIMIT = 100_000_000;

type BuiltAny = { chainId: DevchainChainId; info: PulseChainInfo | EthereumChainInfo; history: SeededChainHistory };

/** A chain deployed and seeded, still mining only on request (the bridge and wall-clock steps follow). */
interface Building {
  chainId: DevchainChainId;
  rpcUrl: string;
  rpc: Rpc;
  writer: ChainWriter;
  wallets: DevchainWallets;
  built: BuiltChain<PulseContracts | EthereumContracts>;
}

async function buildChain(
  chainId: DevchainChainId,
  port: number | undefined,
  opts: { seed: boolean; bulkTokens: number; recentPayouts: boolean },
  processes: AnvilProcess[],
): Promise<Building> {
  const spec = chainId === 369 ? PULSE : ETHEREUM;
  const anvil = await startAnvil({
    chainId,
    port,
    balance: spec.userBalance,
    genesisTimestamp: GENESIS_TIMESTAMP,
    gasLimit: GAS_LIMIT,
    accounts: 12,
  });
  processes.push(anvil);
  const rpc = new Rpc(anvil.rpcUrl);
  const wallets = walletsFrom(await rpc.request<Address[]>("eth_accounts"));
  // Blocks are mined explicitly at chosen timestamps while deploying and seeding.
  await rpc.request("evm_setAutomine", [false]);
  const writer = new ChainWriter(rpc, chainId, wallets.users, GENESIS_TIMESTAMP, spec.gasPrice);
  const art = loadArtifacts();
  const built: BuiltChain<PulseContracts | EthereumContracts> =
    chainId === 369
      ? await buildPulseChain(writer, art, wallets, opts)
      : await buildEthereum(writer, art, wallets, opts);
  return { chainId, rpcUrl: anvil.rpcUrl, rpc, writer, wallets, built };
}

async function finishChain(b: Building): Promise<BuiltAny> {
  const { chainId, rpc, writer, built } = b;
  const spec = chainId === 369 ? PULSE : ETHEREUM;
  await built.wallClockSteps?.();
  // From now on every transaction is mined at once, 12 s after the previous block (deterministic for tests).
  await rpc.request("anvil_setBlockTimestampInterval", [12]);
  await rpc.request("evm_setAutomine", [true]);
  const seededBlock = Number(await rpc.request<string>("eth_blockNumber"));
  const info: ChainInfo<PulseContracts | EthereumContracts> = {
    chainId,
    rpcUrl: b.rpcUrl,
    contracts: built.contracts,
    wallets: b.wallets,
    tokens: built.tokens,
    pools: built.pools,
    tokenOverrides: built.tokenOverrides,
    nativePriceUsd: spec.nativePriceUsd,
    startBlock: built.startBlock,
    seededBlock,
    seededAt: writer.timestamp,
  };
  return { chainId, info: info as PulseChainInfo | EthereumChainInfo, history: writer.history };
}

/** Deployed, seeded, bridged (the bridge needs both chains' stories), then the wall-clock steps. */
async function startChains(
  chainIds: DevchainChainId[],
  ports: StartDevchainOptions["ports"],
  opts: { seed: boolean; bulkTokens: number; recentPayouts: boolean },
  processes: AnvilProcess[],
): Promise<BuiltAny[]> {
  // Wait for every chain to settle, so that a failure never leaves a still-starting anvil behind.
  const settled = await Promise.allSettled(chainIds.map((id) => buildChain(id, ports?.[id], opts, processes)));
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  const building = settled.map((s) => (s as PromiseFulfilledResult<Building>).value);
  const side = <C>(id: DevchainChainId) => {
    const b = building.find((x) => x.chainId === id);
    return b ? { w: b.writer, built: b.built as BuiltChain<C>, wallets: b.wallets } : undefined;
  };
  const pulse = side<PulseContracts>(369);
  const eth = side<EthereumContracts>(1);
  await runBridge(
    loadArtifacts(),
    { ...(pulse ? { pulse } : {}), ...(eth ? { eth } : {}) },
    opts.seed && !!pulse && !!eth,
  );
  return Promise.all(building.map(finishChain));
}

/**
 * Starts the chains (default both), deploys, seeds, and resolves when everything is ready.
 * Always call stop(); the anvil processes are also killed when this process exits.
 */
export async function startDevchain(options: StartDevchainOptions = {}): Promise<Devchain> {
  const started = performance.now();
  const chainIds: DevchainChainId[] = options.chains ?? [369, 1];
  const opts = {
    seed: options.seed ?? true,
    bulkTokens: options.bulkTokens ?? 300,
    recentPayouts: options.recentPayouts ?? false,
  };
  if (!Number.isInteger(opts.bulkTokens) || opts.bulkTokens < 0)
    throw new Error("devchain: bulkTokens must be a whole number >= 0");
  if (opts.recentPayouts && !opts.seed) throw new Error("devchain: recentPayouts needs the story (seed)");
  const processes: AnvilProcess[] = [];
  const stopAll = () => Promise.all(processes.map((p) => p.stop())).then(() => undefined);
  let results: BuiltAny[];
  try {
    loadArtifacts();
    results = await startChains(chainIds, options.ports, opts, processes);
  } catch (error) {
    await stopAll();
    throw error;
  }
  const readyMs = Math.round(performance.now() - started);
  const chains: Devchain["chains"] = {};
  const seeded: SeededHistory = {};
  for (const r of results) {
    if (r.chainId === 369) chains[369] = r.info as PulseChainInfo;
    else chains[1] = r.info as EthereumChainInfo;
    seeded[r.chainId] = r.history;
  }

  function chain(id: 369): PulseChainInfo;
  function chain(id: 1): EthereumChainInfo;
  function chain(id: DevchainChainId): PulseChainInfo | EthereumChainInfo {
    const c = id === 369 ? chains[369] : chains[1];
    if (!c) throw new Error(`devchain: chain ${id} was not started`);
    return c;
  }

  return {
    chains,
    seeded,
    mnemonic: DEFAULT_MNEMONIC,
    readyMs,
    chain,
    anvil: processes.map((p) => ({ chainId: p.chainId, pid: p.pid, port: p.port })),
    toJSON(): DevchainJson {
      const json: DevchainJson = { chains: {}, mnemonic: DEFAULT_MNEMONIC, readyMs };
      if (chains[369]) json.chains["369"] = chains[369];
      if (chains[1]) json.chains["1"] = chains[1];
      return json;
    },
    stop: stopAll,
  };
}

/** The seeded transfers that involve `wallet` on `chainId` (from or to), in chain order. */
export function transfersOf(seeded: SeededHistory, chainId: number, wallet: string): SeededTransfer[] {
  const w = wallet.toLowerCase();
  return (seeded[chainId]?.transfers ?? []).filter((t) => t.from === w || t.to === w);
}

/** The user's net balance change per token from the seeded transfers (native fees not included). */
export function netByToken(transfers: SeededTransfer[], wallet: string): Map<string, bigint> {
  const w = wallet.toLowerCase();
  const net = new Map<string, bigint>();
  for (const t of transfers) {
    const delta = (t.to === w ? BigInt(t.amount) : 0n) - (t.from === w ? BigInt(t.amount) : 0n);
    net.set(t.token, (net.get(t.token) ?? 0n) + delta);
  }
  return net;
}
