/**
 * Chain 1: a smaller Ethereum. The Ethereum-origin tokens (WETH, DAI, USDC, USDT, HEX) sit at the
 * same addresses as their PulseChain fork copies, the bulk tokens too; one V2 DEX prices ETH.
 */
import type { Address } from "viem";
import type { Artifacts } from "./artifacts.ts";
import { createBulkTokens, deployMany, GENESIS_TIMESTAMP, MULTICALL3_ADDRESS, storyTime } from "./common.ts";
import { Dex, units } from "./dex.ts";
import { type EthereumPrefork, PREFORK_PRICES_USD } from "./ethereum-prefork.ts";
import { deployHexStakes, ETHEREUM_STAKES, seedStakes } from "./hex-stakes.ts";
import type { BuiltChain } from "./pulsechain.ts";
import type { DevchainWallets, EthereumContracts, PoolInfo, TokenInfo } from "./types.ts";
import { type ChainWriter, type TxRequest, ZERO_ADDRESS } from "./writer.ts";

export const ETHEREUM = {
  chainId: 1,
  userBalance: 100,
  operatorBalance: 10_000_000,
  /** 20 gwei. */
  gasPrice: 20n * 10n ** 9n,
  nativePriceUsd: 3000,
} as const;

export const ETHEREUM_PRICES_USD = { usdc: 1, dai: 1, hex: 0.004 } as const;
type PricedRole = keyof typeof ETHEREUM_PRICES_USD;

const POOLS: { name: string; base: PricedRole; native: number; decimals: number }[] = [
  { name: "wethUsdcV2", base: "usdc", native: 1_000, decimals: 6 },
  { name: "wethDaiV2", base: "dai", native: 500, decimals: 18 },
  { name: "wethHexV2", base: "hex", native: 40, decimals: 8 },
];

const nativePerToken = (role: PricedRole): number => ETHEREUM_PRICES_USD[role] / ETHEREUM.nativePriceUsd;

export async function buildEthereum(
  w: ChainWriter,
  art: Artifacts,
  wallets: DevchainWallets,
  opts: { seed: boolean; bulkTokens: number },
  prefork: EthereumPrefork,
): Promise<BuiltChain<EthereumContracts>> {
  const { deployer, ethDeployer } = wallets;
  const [T1] = wallets.traders as [Address, Address];
  const U = art.uniswap;

  const multicall3 = MULTICALL3_ADDRESS;
  // After the fork (ethereum-prefork.ts has the time before it): 2024, as before the fork existed.
  w.skipTo(GENESIS_TIMESTAMP);

  // Deployer nonce 0: the bulk factory, at the same address as on PulseChain.
  const [bulkFactory] = (await deployMany(w, [
    { from: deployer, artifact: art.own.BulkTokenFactory, args: [], step: "deploy BulkTokenFactory" },
  ])) as [Address];
  const { weth, dai, usdc, usdt, hex, link, factoryPrefork, routerPrefork } = prefork;
  // The Ethereum-origin tokens were deployed before the fork: an empty block keeps the later times.
  await w.mine();

  const [factoryV2] = (await deployMany(w, [
    {
      from: deployer,
      artifact: U.UniswapV2Factory,
      args: [deployer],
      step: "deploy Uniswap V2 factory",
      gas: 6_000_000n,
    },
  ])) as [Address];
  const [routerV2] = (await deployMany(w, [
    {
      from: deployer,
      artifact: U.UniswapV2Router02,
      args: [factoryV2, weth],
      step: "deploy Uniswap V2 router",
      gas: 8_000_000n,
    },
  ])) as [Address];
  const dex = new Dex(w, art, factoryV2, routerV2, weth);
  const addr: Record<PricedRole, Address> = { usdc, dai, hex };

  const setup: TxRequest[] = [
    dex.transfer(usdc, ethDeployer, deployer, units(10_000_000, 6), "USDC for the pools", "setup"),
    dex.transfer(dai, ethDeployer, deployer, units(10_000_000, 18), "DAI for the pools", "setup"),
    dex.transfer(hex, ethDeployer, deployer, units(100_000_000, 8), "HEX for the pools", "setup"),
    dex.transfer(usdc, ethDeployer, T1, units(1_000_000, 6), "exchange inventory", "setup"),
    dex.transfer(dai, ethDeployer, T1, units(1_000_000, 18), "exchange inventory", "setup"),
    dex.transfer(hex, ethDeployer, T1, units(10_000_000, 8), "exchange inventory", "setup"),
  ];
  for (const p of POOLS) setup.push(dex.approve(deployer, addr[p.base], `approve ${p.base}`, "setup"));
  for (const r of setup) await w.queue(r);
  await w.mine();

  for (const p of POOLS) {
    const amount = units(Number((p.native / nativePerToken(p.base)).toFixed(6)), p.decimals);
    await w.queue(
      dex.addLiquidityNative(deployer, addr[p.base], amount, units(p.native, 18), `liquidity ${p.name}`, "setup"),
    );
  }
  await w.mine();
  const pairs: Record<string, Address> = {};
  const pools: PoolInfo[] = [];
  for (const p of POOLS) {
    const pair = await dex.pair(addr[p.base], weth);
    pairs[p.name] = pair;
    pools.push({
      name: p.name,
      dex: "v2",
      pair,
      base: p.base,
      quote: "weth",
      price: nativePerToken(p.base),
      liquidityUsd: 2 * p.native * ETHEREUM.nativePriceUsd,
    });
  }

  const bulkTokens = await createBulkTokens(w, art, bulkFactory, deployer, wallets.users, opts.bulkTokens);
  const early: Omit<EthereumContracts, "hexStakes" | "omnibridge" | "omnibridgeRouter"> = {
    multicall3,
    weth,
    dai,
    usdc,
    usdt,
    hex,
    link,
    factoryPrefork,
    routerPrefork,
    factoryV2,
    routerV2,
    bulkFactory,
    pairs: { ...pairs, ...prefork.pairs },
    bulkTokens,
  };

  if (opts.seed) {
    await ethereumStory(w, art, early, wallets, dex);
    let minute = 0;
    for (const p of POOLS) {
      const trade = await dex.rebalance(
        T1,
        pairs[p.name] as Address,
        addr[p.base],
        p.decimals,
        nativePerToken(p.base),
        `trader brings ${p.name} back to its designed price`,
      );
      if (trade) {
        if (trade.value === undefined)
          await w.send(dex.approve(T1, addr[p.base], `trader approves ${p.base}`, "trade"), storyTime(30, 9, minute++));
        await w.send(trade, storyTime(30, 9, minute++));
      }
    }
  }

  // HEX stakes after the story (2024-02-02): D's 30-day stake, daily data stored up to 2024-02-12.
  const hexStakes = await deployHexStakes(w, art, wallets, hex, opts.seed ? storyTime(31, 8) : undefined);
  // The bridge's addresses are set when it is deployed (bridge.ts), after both chains' stories.
  const contracts: EthereumContracts = {
    ...early,
    hexStakes,
    omnibridge: ZERO_ADDRESS,
    omnibridgeRouter: ZERO_ADDRESS,
  };
  if (opts.seed)
    await seedStakes(w, art, wallets, contracts, ETHEREUM_STAKES(wallets.users), storyTime(31, 9), storyTime(41, 9));

  const tokens: TokenInfo[] = [
    {
      role: "weth",
      address: weth,
      name: "Wrapped Ether",
      symbol: "WETH",
      decimals: 18,
      category: "wrapped-native",
      priceUsd: ETHEREUM.nativePriceUsd,
    },
    {
      role: "dai",
      address: dai,
      name: "Dai Stablecoin",
      symbol: "DAI",
      decimals: 18,
      category: "stablecoin",
      priceUsd: 1,
    },
    { role: "usdc", address: usdc, name: "USD Coin", symbol: "USDC", decimals: 6, category: "stablecoin", priceUsd: 1 },
    {
      role: "usdt",
      address: usdt,
      name: "Tether USD",
      symbol: "USDT",
      decimals: 6,
      category: "stablecoin",
      priceUsd: 1,
    },
    {
      role: "hex",
      address: hex,
      name: "HEX",
      symbol: "HEX",
      decimals: 8,
      category: "ecosystem",
      priceUsd: ETHEREUM_PRICES_USD.hex,
    },
    {
      role: "link",
      address: link,
      name: "ChainLink Token",
      symbol: "LINK",
      decimals: 18,
      category: "ecosystem",
      priceUsd: PREFORK_PRICES_USD.link,
    },
  ];
  return {
    contracts,
    tokens,
    pools,
    tokenOverrides: { wrappedNative: [weth], stablecoins: [dai, usdc, usdt], forkCopies: [] },
    startBlock: 1,
  };
}

async function ethereumStory(
  w: ChainWriter,
  art: Artifacts,
  c: Omit<EthereumContracts, "hexStakes" | "omnibridge" | "omnibridgeRouter">,
  wallets: DevchainWallets,
  dex: Dex,
): Promise<void> {
  const [A, B, C, D, E] = wallets.users as [Address, Address, Address, Address, Address];
  const [T1] = wallets.traders as [Address, Address];
  const ETH = (n: number) => units(n, 18);
  const at = storyTime;
  const one = (r: TxRequest, ts?: number) => w.send(r, ts);

  await one(
    dex.transfer(c.usdc, T1, A, units(10_000, 6), "an exchange pays out 10,000 USDC to A", "transfer-in"),
    at(1, 9),
  );
  await one(dex.buyWithNative(A, [c.weth, c.usdc], ETH(1), "A buys USDC with 1 ETH"), at(1, 10));
  await one(
    dex.transfer(c.dai, T1, A, units(2_000, 18), "an exchange pays out 2,000 DAI to A", "transfer-in"),
    at(3, 9),
  );
  await one(
    dex.transfer(c.usdc, A, B, units(2_000, 6), "A moves 2,000 USDC to B (own wallets)", "own-transfer"),
    at(6),
  );
  await one(dex.approve(B, c.usdc, "B approves USDC for the router"), at(9, 9));
  await one(dex.sellForNative(B, [c.usdc, c.weth], units(500, 6), "B sells 500 USDC for ETH"), at(9, 9, 5));
  await one(
    { from: C, to: D, value: ETH(0.5), gas: 21_000n, kind: "own-transfer", step: "C sends 0.5 ETH to D (own wallets)" },
    at(11),
  );
  await one(
    w.call(E, c.weth, art.own.WrappedNative.abi, "deposit", [], {
      value: ETH(1),
      kind: "wrap",
      step: "E wraps 1 ETH",
      gas: 100_000n,
    }),
    at(13),
  );
  await one(dex.buyWithNative(D, [c.weth, c.hex], ETH(0.2), "D buys HEX with 0.2 ETH"), at(16));
  await one(
    { from: A, to: T1, value: ETH(0.3), gas: 21_000n, kind: "transfer-out", step: "A pays 0.3 ETH to someone" },
    at(21),
  );
}
