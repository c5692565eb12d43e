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
import {
  buildEthereumPrefork,
  ETHEREUM_GENESIS_TIMESTAMP,
  type EthereumPrefork,
  FORK_TIMESTAMP,
} from "./ethereum-prefork.ts";
import { openFork } from "./fork.ts";
import { type BuiltChain, buildPulseChain, PULSE } from "./pulsechain.ts";
import { Rpc } from "./rpc.ts";
import type {
  ChainInfo,
  Devchain,
  DevchainChainId,
  DevchainFork,
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
export { ETHEREUM_GENESIS_TIMESTAMP, FORK_TIMESTAMP, PREFORK_PRICES_USD } from "./ethereum-prefork.ts";
export { binanceExport, DEMO_USD_PER_EUR } from "./exchange-export.ts";
export { LINK_COPY, SACRIFICE_CREDIT_PLS } from "./fork.ts";
export { PULSE, PULSE_PRICES_USD } from "./pulsechain.ts";
export type * from "./types.ts";

/** Block gas limit of both chains: room for 100 bulk tokens in one transaction. */
const GAS_LIMIT = 100_000_000;

type BuiltAny = { chainId: DevchainChainId; info: PulseChainInfo | EthereumChainInfo; history: SeededChainHistory };
type Options = { seed: boolean; bulkTokens: number; recentPayouts: boolean };

interface Launched {
  chainId: DevchainChainId;
  anvil: AnvilProcess;
  rpc: Rpc;
  writer: ChainWriter;
  wallets: DevchainWallets;
}

/** Starts one anvil (from chain 1's state when `fork` is given) with automine off and a writer for it. */
async function launch(
  chainId: DevchainChainId,
  port: number | undefined,
  processes: AnvilProcess[],
  fork?: { url: string; block: number; timestamp: number },
): Promise<Launched> {
  const spec = chainId === 369 ? PULSE : ETHEREUM;
  const genesis = chainId === 1 ? ETHEREUM_GENESIS_TIMESTAMP : GENESIS_TIMESTAMP;
  const anvil = await startAnvil({
    chainId,
    port,
    balance: spec.userBalance,
    genesisTimestamp: genesis,
    gasLimit: GAS_LIMIT,
    accounts: 12,
    ...(fork ? { fork: { url: fork.url, block: fork.block } } : {}),
  });
  processes.push(anvil);
  const rpc = new Rpc(anvil.rpcUrl);
  const wallets = walletsFrom(await rpc.request<Address[]>("eth_accounts"));
  // Blocks are mined explicitly at chosen timestamps while deploying and seeding.
  await rpc.request("evm_setAutomine", [false]);
  const writer = new ChainWriter(rpc, chainId, wallets.users, fork?.timestamp ?? genesis, spec.gasPrice);
  return { chainId, anvil, rpc, writer, wallets };
}

/** After deploying, seeding and the bridge: the wall-clock steps, automine on, the chain's info. */
async function finish(l: Launched, built: BuiltChain<PulseContracts | EthereumContracts>): Promise<BuiltAny> {
  const spec = l.chainId === 369 ? PULSE : ETHEREUM;
  await built.wallClockSteps?.();
  // From now on every transaction is mined at once, 12 s after the previous block (deterministic for tests).
  await l.rpc.request("anvil_setBlockTimestampInterval", [12]);
  await l.rpc.request("evm_setAutomine", [true]);
  const seededBlock = Number(await l.rpc.request<string>("eth_blockNumber"));
  const info: ChainInfo<PulseContracts | EthereumContracts> = {
    chainId: l.chainId,
    rpcUrl: l.anvil.rpcUrl,
    contracts: built.contracts,
    wallets: l.wallets,
    tokens: built.tokens,
    pools: built.pools,
    tokenOverrides: built.tokenOverrides,
    nativePriceUsd: spec.nativePriceUsd,
    startBlock: built.startBlock,
    seededBlock,
    seededAt: l.writer.timestamp,
  };
  return { chainId: l.chainId, info: info as PulseChainInfo | EthereumChainInfo, history: l.writer.history };
}

/** Chain 1 up to the fork (ethereum-prefork.ts). */
async function ethereumUntilFork(l: Launched, opts: Options): Promise<EthereumPrefork> {
  return buildEthereumPrefork(l.writer, loadArtifacts(), l.wallets, {
    seed: opts.seed,
    nativePriceUsd: ETHEREUM.nativePriceUsd,
    operatorBalance: ETHEREUM.operatorBalance,
  });
}

/**
 * Starts and builds the chains. Chain 1 always has its time before the fork; with `fork`, chain 369 is
 * started from chain 1's last block before it and both go on side by side.
 */
async function buildChains(
  chainIds: DevchainChainId[],
  ports: StartDevchainOptions["ports"],
  opts: Options,
  fork: boolean,
  processes: AnvilProcess[],
): Promise<{ results: BuiltAny[]; fork?: DevchainFork }> {
  const art = loadArtifacts();
  const jobs: Promise<[Launched, BuiltChain<PulseContracts | EthereumContracts>]>[] = [];
  let prefork: EthereumPrefork | undefined;
  let eth: Launched | undefined;
  if (chainIds.includes(1)) {
    eth = await launch(1, ports?.[1], processes);
    prefork = await ethereumUntilFork(eth, opts);
  }
  let forkInfo: DevchainFork | undefined;
  let pulse: Launched | undefined;
  if (chainIds.includes(369)) {
    if (fork && eth && prefork) {
      const at = { url: eth.anvil.rpcUrl, block: prefork.lastBlock, timestamp: FORK_TIMESTAMP - 12 };
      pulse = await launch(369, ports?.[369], processes, at);
      forkInfo = await openFork(
        pulse.writer,
        { rpc: eth.rpc, history: eth.writer.history },
        prefork,
        pulse.wallets.users,
      );
    } else {
      pulse = await launch(369, ports?.[369], processes);
    }
  }
  if (eth && prefork) {
    const l = eth;
    const p = prefork;
    jobs.push(buildEthereum(l.writer, art, l.wallets, opts, p).then((b) => [l, b]));
  }
  if (pulse) {
    const l = pulse;
    const p = forkInfo ? prefork : undefined;
    jobs.push(buildPulseChain(l.writer, art, l.wallets, opts, p).then((b) => [l, b]));
  }
  // Wait for every chain to settle, so that a failure never leaves a still-starting anvil behind.
  const settled = await Promise.allSettled(jobs);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  const built = settled.map((s) => (s as PromiseFulfilledResult<[Launched, BuiltChain<never>]>).value);
  // The bridge's steps need both chains' stories (bridge.ts), the wall-clock steps come after them.
  const side = <C>(id: DevchainChainId) => {
    const found = built.find(([l]) => l.chainId === id);
    return found ? { w: found[0].writer, built: found[1] as BuiltChain<C>, wallets: found[0].wallets } : undefined;
  };
  const pulseSide = side<PulseContracts>(369);
  const ethSide = side<EthereumContracts>(1);
  const both = !!pulseSide && !!ethSide;
  await runBridge(
    art,
    { ...(pulseSide ? { pulse: pulseSide } : {}), ...(ethSide ? { eth: ethSide } : {}) },
    opts.seed && both,
  );
  const results = await Promise.all(built.map(([l, b]) => finish(l, b)));
  return forkInfo ? { results, fork: forkInfo } : { results };
}

/**
 * Starts the chains (default both), deploys, seeds, and resolves when everything is ready.
 * Always call stop(); the anvil processes are also killed when this process exits.
 */
export async function startDevchain(options: StartDevchainOptions = {}): Promise<Devchain> {
  const started = performance.now();
  const chainIds: DevchainChainId[] = options.chains ?? [369, 1];
  const opts: Options = {
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
  let fork: DevchainFork | undefined;
  try {
    loadArtifacts();
    const forked = options.fork ?? true;
    ({ results, fork } = await buildChains(chainIds, options.ports, opts, forked, processes));
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
    ...(fork ? { fork } : {}),
    chain,
    anvil: processes.map((p) => ({ chainId: p.chainId, pid: p.pid, port: p.port })),
    toJSON(): DevchainJson {
      const json: DevchainJson = { chains: {}, ...(fork ? { fork } : {}), mnemonic: DEFAULT_MNEMONIC, readyMs };
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
