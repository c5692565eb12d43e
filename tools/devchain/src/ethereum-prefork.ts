/**
 * Chain 1 before the PulseChain fork (2022-01-01 to 2023-05-11): the history chain 369 shares
 * (fork.ts). Account 9 deploys the Ethereum-origin tokens (nonces 0-4, the addresses chain 369 has
 * always had), LINK and a Uniswap V2 of Ethereum's own (so account 0 stays unused until the fork and
 * chain 369's own contracts keep their addresses); A buys HEX on 2022-03-15, D buys LINK on
 * 2023-02-14; the last block before the fork is dated 12 s before the fork instant.
 */
import type { Address } from "viem";
import type { Artifacts } from "./artifacts.ts";
import { deployEthereumOrigin, deployMany, fundOperators, installMulticall3 } from "./common.ts";
import { Dex, units } from "./dex.ts";
import type { DevchainWallets } from "./types.ts";
import type { ChainWriter } from "./writer.ts";

/** Chain 1's genesis: 2022-01-01 00:00:00 UTC (chain 369 has no genesis of its own: it is a fork). */
export const ETHEREUM_GENESIS_TIMESTAMP = Date.UTC(2022, 0, 1, 0, 0, 0) / 1000;

/**
 * The fork instant: the timestamp of chain 369's first block of its own, mainnet's fork instant
 * 2023-05-11 06:07:35 UTC (PULSECHAIN_FORK in packages/core/src/chains/chain-fork.ts).
 */
export const FORK_TIMESTAMP = 1_683_785_255;

/** USD prices on Ethereum before the fork (ETH at ETHEREUM.nativePriceUsd). */
export const PREFORK_PRICES_USD = { usdc: 1, hex: 0.004, link: 7 } as const;
type PreforkRole = keyof typeof PREFORK_PRICES_USD;

const PREFORK_POOLS: { name: string; base: PreforkRole; native: number; decimals: number }[] = [
  { name: "wethUsdcPrefork", base: "usdc", native: 1_000, decimals: 6 },
  { name: "wethHexPrefork", base: "hex", native: 200, decimals: 8 },
  { name: "wethLinkPrefork", base: "link", native: 100, decimals: 18 },
];

export interface EthereumPrefork {
  weth: Address;
  dai: Address;
  usdc: Address;
  usdt: Address;
  hex: Address;
  link: Address;
  factoryPrefork: Address;
  routerPrefork: Address;
  pairs: Record<string, Address>;
  /** Chain 1's last block before the fork: chain 369 is started from its state. */
  lastBlock: number;
  /** HEX and LINK each user held at the fork (base units; lower-case wallet): their copies on 369. */
  held: { hex: Record<string, bigint>; link: Record<string, bigint> };
}

/** Chain 1 from genesis to the block before the fork: deployment, pools, A's HEX and D's LINK. */
export async function buildEthereumPrefork(
  w: ChainWriter,
  art: Artifacts,
  wallets: DevchainWallets,
  opts: { seed: boolean; nativePriceUsd: number; operatorBalance: number },
): Promise<EthereumPrefork> {
  const { ethDeployer } = wallets;
  await fundOperators(w.rpc, wallets, opts.operatorBalance);
  await installMulticall3(w.rpc, art);
  await w.setTracking();
  const U = art.uniswap;
  const origin = await deployEthereumOrigin(w, art, ethDeployer);
  const [link, factoryPrefork] = (await deployMany(w, [
    {
      from: ethDeployer,
      artifact: art.own.Token,
      args: ["ChainLink Token", "LINK", 18, units(1_000_000_000, 18)],
      step: "deploy LINK (Ethereum origin)",
    },
    {
      from: ethDeployer,
      artifact: U.UniswapV2Factory,
      args: [ethDeployer],
      step: "deploy Ethereum's Uniswap V2 factory (before the fork)",
      gas: 6_000_000n,
    },
  ])) as [Address, Address];
  const [routerPrefork] = (await deployMany(w, [
    {
      from: ethDeployer,
      artifact: U.UniswapV2Router02,
      args: [factoryPrefork, origin.weth],
      step: "deploy Ethereum's Uniswap V2 router (before the fork)",
      gas: 8_000_000n,
    },
  ])) as [Address];
  w.wrappedNative = origin.weth.toLowerCase() as Address;
  const dex = new Dex(w, art, factoryPrefork, routerPrefork, origin.weth);
  const addr: Record<PreforkRole, Address> = { usdc: origin.usdc, hex: origin.hex, link };
  const nativePerToken = (role: PreforkRole) => PREFORK_PRICES_USD[role] / opts.nativePriceUsd;

  for (const p of PREFORK_POOLS) await w.queue(dex.approve(ethDeployer, addr[p.base], `approve ${p.base}`, "setup"));
  await w.mine();
  for (const p of PREFORK_POOLS) {
    const amount = units(Number((p.native / nativePerToken(p.base)).toFixed(6)), p.decimals);
    await w.queue(
      dex.addLiquidityNative(ethDeployer, addr[p.base], amount, units(p.native, 18), `liquidity ${p.name}`, "setup"),
    );
  }
  await w.mine();
  const pairs: Record<string, Address> = {};
  for (const p of PREFORK_POOLS) pairs[p.name] = await dex.pair(addr[p.base], origin.weth);

  if (opts.seed) await preforkStory(w, wallets, dex, origin.weth, addr);
  // The last block before the fork, 12 s before the fork instant.
  await w.mine(FORK_TIMESTAMP - 12);
  const lastBlock = Number(await w.rpc.request<string>("eth_blockNumber"));
  const held = { hex: {} as Record<string, bigint>, link: {} as Record<string, bigint> };
  for (const user of wallets.users) {
    held.hex[user.toLowerCase()] = await dex.balanceOf(origin.hex, user);
    held.link[user.toLowerCase()] = await dex.balanceOf(link, user);
  }
  return { ...origin, link, factoryPrefork, routerPrefork, pairs, lastBlock, held };
}

/** A buys HEX more than a year before he sells its copy on 369; D buys LINK three months before the fork. */
async function preforkStory(
  w: ChainWriter,
  wallets: DevchainWallets,
  dex: Dex,
  weth: Address,
  addr: Record<PreforkRole, Address>,
): Promise<void> {
  const [A, , , D] = wallets.users as [Address, Address, Address, Address];
  await w.send(
    dex.buyWithNative(A, [weth, addr.hex], units(0.5, 18), "A buys HEX with 0.5 ETH on Ethereum (before the fork)"),
    Date.UTC(2022, 2, 15, 10, 0, 0) / 1000,
  );
  await w.send(
    dex.buyWithNative(D, [weth, addr.link], units(1, 18), "D buys LINK with 1 ETH on Ethereum (before the fork)"),
    Date.UTC(2023, 1, 14, 10, 0, 0) / 1000,
  );
}
