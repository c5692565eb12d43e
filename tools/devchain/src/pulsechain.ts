/**
 * Chain 369: a small PulseChain. Deployment (2024-01-01), then the wallet story from 2024-01-02 over
 * about six months, then every pool is traded back to its designed price. The 2025 chapter (the
 * dividend printer and the reward drop, pulsechain-2025.ts) follows; for the demo, recent payouts.
 */
import { type Address, getAddress } from "viem";
import type { Artifacts } from "./artifacts.ts";
import {
  createBulkTokens,
  deployEthereumOrigin,
  deployMany,
  fundOperators,
  installMulticall3,
  storyTime,
} from "./common.ts";
import { Dex, units } from "./dex.ts";
import type { EthereumPrefork } from "./ethereum-prefork.ts";
import { forkCopyMarket } from "./fork.ts";
import { deployHexStakes, PULSE_STAKES, seedStakes } from "./hex-stakes.ts";
import { deployNfts } from "./nfts.ts";
import { launchDividendPrinter, recentPayouts, story2025, time2025 } from "./pulsechain-2025.ts";
import type { DevchainWallets, PoolInfo, PulseContracts, TokenInfo } from "./types.ts";
import { type ChainWriter, type TxRequest, ZERO_ADDRESS } from "./writer.ts";

export const PULSE = {
  chainId: 369,
  /** Every user wallet starts with 100M PLS in the genesis block (as PulseChain's sacrifice airdrop did). */
  userBalance: 100_000_000,
  operatorBalance: 1_000_000_000_000,
  /** 1,000,000 gwei, roughly PulseChain's gas price. */
  gasPrice: 1_000_000n * 10n ** 9n,
  nativePriceUsd: 0.00003,
} as const;

/** Designed USD prices; the pools are created at these and traded back to them at the end. */
export const PULSE_PRICES_USD = {
  plsx: 0.00002,
  hex: 0.006,
  inc: 1.5,
  dai: 1,
  usdc: 1,
  usdt: 1,
  printer: 0.00015,
  /** The dividend printer (launched 2025-01-02): 10 PLS. */
  dividendPrinter: 0.0003,
  v1Only: 0.012,
  lowLiquidity: 0.3,
  forkDai: 0.0006,
} as const;

/** Tokens with a pool from the start (the dividend printer comes later). */
type PricedRole = Exclude<keyof typeof PULSE_PRICES_USD, "dividendPrinter">;

export interface PoolSpec {
  name: string;
  dex: "v1" | "v2";
  base: keyof typeof PULSE_PRICES_USD;
  /** Whole PLS in the pool. */
  native: number;
}

/** Token amounts follow from the PLS side and the designed prices. */
const POOLS: (PoolSpec & { base: PricedRole })[] = [
  { name: "wplsDaiV2", dex: "v2", base: "dai", native: 10_000_000_000 },
  { name: "wplsUsdcV2", dex: "v2", base: "usdc", native: 10_000_000_000 },
  { name: "wplsUsdtV2", dex: "v2", base: "usdt", native: 5_000_000_000 },
  { name: "wplsPlsxV2", dex: "v2", base: "plsx", native: 2_000_000_000 },
  { name: "wplsHexV2", dex: "v2", base: "hex", native: 3_000_000_000 },
  { name: "wplsIncV2", dex: "v2", base: "inc", native: 2_000_000_000 },
  { name: "wplsPrinterV2", dex: "v2", base: "printer", native: 1_000_000_000 },
  // ~6 USD of liquidity in all: below any sensible liquidity floor.
  { name: "wplsLowLiquidityV2", dex: "v2", base: "lowLiquidity", native: 100_000 },
  // A dust pool for the fork copy of DAI: ~1.2 USD of liquidity, nothing against real stablecoins.
  { name: "wplsForkDaiV2", dex: "v2", base: "forkDai", native: 20_000 },
  { name: "wplsDaiV1", dex: "v1", base: "dai", native: 1_000_000_000 },
  { name: "wplsPlsxV1", dex: "v1", base: "plsx", native: 1_000_000_000 },
  { name: "wplsV1OnlyV1", dex: "v1", base: "v1Only", native: 1_000_000_000 },
];

/** What exists before the 2025 chapter: everything but the dividend printer and the reward drop. */
export type EarlyContracts = Omit<
  PulseContracts,
  | "dividendPrinter"
  | "dividendTracker"
  | "rewardDrop"
  | "hexStakes"
  | "nftCollection"
  | "omnibridge"
  | "bridgedHex"
  | "bridgedWeth"
>;

export interface BuiltChain<C> {
  contracts: C;
  tokens: TokenInfo[];
  pools: PoolInfo[];
  tokenOverrides: { wrappedNative: Address[]; stablecoins: Address[]; forkCopies: Address[] };
  startBlock: number;
  /** Steps dated by the wall clock (recent payouts): run after every fixed step of both chains. */
  wallClockSteps?: () => Promise<void>;
}

/** PLS per whole token at the designed prices. */
export function nativePerToken(role: keyof typeof PULSE_PRICES_USD): number {
  return PULSE_PRICES_USD[role] / PULSE.nativePriceUsd;
}

/** A pool a trader can bring back to its designed price (see rebalancePools). */
export interface RebalanceTarget {
  name: string;
  base: string;
  dex: Dex;
  pair: Address;
  token: Address;
  decimals: number;
  nativePerToken: number;
  /** The printers' fee: sells go through the router's fee-on-transfer functions. */
  feeOnTransfer: boolean;
}

/**
 * The trader trades each pool back to its designed price, one transaction per block at `when()`
 * (approving the token first before a sell; with `approved` only once per token).
 */
export async function rebalancePools(
  w: ChainWriter,
  trader: Address,
  targets: RebalanceTarget[],
  when: () => number,
  approved?: Set<string>,
): Promise<void> {
  for (const p of targets) {
    const trade = await p.dex.rebalance(
      trader,
      p.pair,
      p.token,
      p.decimals,
      p.nativePerToken,
      `trader brings ${p.name} back to its designed price`,
      p.feeOnTransfer,
    );
    if (!trade) continue;
    const key = `${p.dex.router}:${p.token}`.toLowerCase();
    if (trade.data && trade.value === undefined && !approved?.has(key)) {
      await w.send(p.dex.approve(trader, p.token, `trader approves ${p.base}`, "trade"), when());
      approved?.add(key);
    }
    await w.send(trade, when());
  }
}

export async function buildPulseChain(
  w: ChainWriter,
  art: Artifacts,
  wallets: DevchainWallets,
  opts: { seed: boolean; bulkTokens: number; recentPayouts?: boolean },
  /** Chain 1 before the fork, when 369 is its fork (fork.ts): the Ethereum-origin tokens are copies then. */
  prefork?: EthereumPrefork,
): Promise<BuiltChain<PulseContracts>> {
  const { deployer, spammer, ethDeployer } = wallets;
  const [T1] = wallets.traders as [Address, Address];
  const T = art.own.Token;
  const U = art.uniswap;

  await fundOperators(w.rpc, wallets, PULSE.operatorBalance);
  const multicall3 = await installMulticall3(w.rpc, art);
  await w.setTracking();

  // Block 1: the tokens. Deployer nonce 0 is the bulk factory on both chains (same addresses there).
  const deployerTokens: [string, Parameters<ChainWriter["deploy"]>[1], unknown[]][] = [
    ["BulkTokenFactory", art.own.BulkTokenFactory, []],
    ["WPLS", art.own.WrappedNative, ["Wrapped Pulse", "WPLS"]],
    ["PLSX", T, ["PulseX", "PLSX", 18, units(100_000_000_000, 18)]],
    ["INC", T, ["Incentive", "INC", 18, units(10_000_000, 18)]],
    ["DAI", T, ["Dai Stablecoin from Ethereum", "DAI", 18, units(100_000_000, 18)]],
    ["USDC", T, ["USD Coin from Ethereum", "USDC", 6, units(100_000_000, 6)]],
    ["USDT", T, ["Tether USD from Ethereum", "USDT", 6, units(100_000_000, 6)]],
    ["LGCY", T, ["Legacy Pulse", "LGCY", 18, units(100_000_000, 18)]],
    ["THIN", T, ["Thin Liquidity", "THIN", 18, units(1_000, 18)]],
  ];
  const [bulkFactory, wpls, plsx, inc, dai, usdc, usdt, v1Only, lowLiquidity] = (await deployMany(
    w,
    deployerTokens.map(([name, artifact, args]) => ({ from: deployer, artifact, args, step: `deploy ${name}` })),
  )) as [Address, Address, Address, Address, Address, Address, Address, Address, Address];
  w.wrappedNative = wpls.toLowerCase() as Address;

  // On a fork the Ethereum-origin tokens are chain 1's, copied (an empty block keeps the later times).
  const origin = prefork ?? (await deployEthereumOrigin(w, art, ethDeployer));
  if (prefork) await w.mine();
  const { weth: forkWeth, dai: forkDai, usdc: forkUsdc, usdt: forkUsdt, hex } = origin;

  const [spam, fakeHex] = (await deployMany(w, [
    {
      from: spammer,
      artifact: T,
      args: ["$5000 PLSX reward - claim at pulse-rewards.example", "CLAIM", 18, 0n],
      step: "deploy the spam token",
    },
    { from: spammer, artifact: T, args: ["HEX", "HEX", 8, 0n], step: "deploy a fake HEX" },
  ])) as [Address, Address];

  // Block: factories (V1 and V2 are the same Uniswap V2 code, like PulseX) and the printer.
  const [factoryV1, factoryV2, printer] = (await deployMany(w, [
    {
      from: deployer,
      artifact: U.UniswapV2Factory,
      args: [deployer],
      step: "deploy PulseX-style factory V1",
      gas: 6_000_000n,
    },
    {
      from: deployer,
      artifact: U.UniswapV2Factory,
      args: [deployer],
      step: "deploy PulseX-style factory V2",
      gas: 6_000_000n,
    },
    {
      from: deployer,
      artifact: art.own.PrinterToken,
      args: [units(1_000_000_000, 18), plsx, units(1, 18)],
      step: "deploy the printer token and its distributor",
      gas: 6_000_000n,
    },
  ])) as [Address, Address, Address];
  const distributor = getAddress(await w.read<Address>(printer, art.own.PrinterToken.abi, "distributor"));
  w.rewardSources.add(distributor.toLowerCase() as Address);
  w.feeSinks.add(printer.toLowerCase() as Address);

  const [routerV1, routerV2] = (await deployMany(w, [
    {
      from: deployer,
      artifact: U.UniswapV2Router02,
      args: [factoryV1, wpls],
      step: "deploy router V1",
      gas: 8_000_000n,
    },
    {
      from: deployer,
      artifact: U.UniswapV2Router02,
      args: [factoryV2, wpls],
      step: "deploy router V2",
      gas: 8_000_000n,
    },
  ])) as [Address, Address];
  const v1 = new Dex(w, art, factoryV1, routerV1, wpls);
  const v2 = new Dex(w, art, factoryV2, routerV2, wpls);

  await w.send(
    w.call(deployer, factoryV2, U.UniswapV2Factory.abi, "createPair", [printer, wpls], {
      kind: "setup",
      step: "create the PRINT/WPLS pair",
      gas: 5_000_000n,
    }),
  );
  const printerPair = await v2.pair(printer, wpls);

  const addr: Record<PricedRole, Address> = {
    plsx,
    hex,
    inc,
    dai,
    usdc,
    usdt,
    printer,
    v1Only,
    lowLiquidity,
    forkDai,
  };
  const decimals: Record<PricedRole, number> = {
    plsx: 18,
    hex: 8,
    inc: 18,
    dai: 18,
    usdc: 6,
    usdt: 6,
    printer: 18,
    v1Only: 18,
    lowLiquidity: 18,
    forkDai: 18,
  };
  const tokenAmount = (p: (typeof POOLS)[number]): bigint =>
    units(Number((p.native / nativePerToken(p.base)).toFixed(6)), decimals[p.base]);

  // Wiring, inventory for the deployer (HEX, fork DAI come from the Ethereum-origin deployer) and
  // for the traders, approvals.
  const setup: TxRequest[] = [
    w.call(
      deployer,
      printer,
      art.own.PrinterToken.abi,
      "configure",
      [routerV2, printerPair, wpls, units(200_000, 18)],
      {
        kind: "setup",
        step: "wire the printer to its pair and router",
        gas: 300_000n,
      },
    ),
    v2.transfer(hex, ethDeployer, deployer, units(100_000_000, 8), "HEX for the deployer's pools", "setup"),
    v2.transfer(forkDai, ethDeployer, deployer, units(10_000, 18), "fork DAI for the dust pool", "setup"),
  ];
  const inventory: [Address, bigint][] = [
    [plsx, units(5_000_000_000, 18)],
    [inc, units(100_000, 18)],
    [dai, units(1_000_000, 18)],
    [usdc, units(1_000_000, 6)],
    [usdt, units(1_000_000, 6)],
    [v1Only, units(10_000_000, 18)],
    [lowLiquidity, units(100, 18)],
    [printer, units(50_000_000, 18)],
  ];
  for (const [token, amount] of inventory)
    setup.push(v2.transfer(token, deployer, T1, amount, "trader inventory", "setup"));
  setup.push(v2.transfer(hex, ethDeployer, T1, units(50_000_000, 8), "trader inventory", "setup"));
  setup.push(v2.transfer(forkDai, ethDeployer, T1, units(10_000, 18), "trader inventory", "setup"));
  for (const p of POOLS) {
    const dex = p.dex === "v1" ? v1 : v2;
    setup.push(dex.approve(deployer, addr[p.base], `approve ${p.base} for ${p.name}`, "setup"));
  }
  for (const r of setup) await w.queue(r);
  await w.mine();

  // Liquidity, a few pools per block (each add may create its pair: ~3M gas).
  const pools: PoolInfo[] = [];
  const pairs: Record<string, Address> = {};
  for (let i = 0; i < POOLS.length; i += 6) {
    for (const p of POOLS.slice(i, i + 6)) {
      const dex = p.dex === "v1" ? v1 : v2;
      await w.queue(
        dex.addLiquidityNative(
          deployer,
          addr[p.base],
          tokenAmount(p),
          units(p.native, 18),
          `liquidity ${p.name}`,
          "setup",
        ),
      );
    }
    await w.mine();
  }
  for (const p of POOLS) {
    const dex = p.dex === "v1" ? v1 : v2;
    const pair = await dex.pair(addr[p.base], wpls);
    pairs[p.name] = pair;
    pools.push({
      name: p.name,
      dex: p.dex,
      pair,
      base: p.base,
      quote: "wpls",
      price: nativePerToken(p.base),
      liquidityUsd: 2 * p.native * PULSE.nativePriceUsd,
    });
  }

  const bulkTokens = await createBulkTokens(w, art, bulkFactory, deployer, wallets.users, opts.bulkTokens);
  const copyMarket = prefork ? await forkCopyMarket(w, wallets, v2, prefork, PULSE.nativePriceUsd) : undefined;
  if (copyMarket) {
    pairs[copyMarket.pool.name] = copyMarket.pool.pair;
    pools.push(copyMarket.pool);
  }

  const early: EarlyContracts = {
    multicall3,
    wpls,
    plsx,
    hex,
    inc,
    dai,
    usdc,
    usdt,
    forkDai,
    forkUsdc,
    forkUsdt,
    forkWeth,
    printer,
    distributor,
    spam,
    fakeHex,
    v1Only,
    lowLiquidity,
    factoryV1,
    routerV1,
    factoryV2,
    routerV2,
    bulkFactory,
    pairs,
    bulkTokens,
    ...(prefork ? { link: prefork.link } : {}),
  };
  const target = (p: PoolSpec, token: Address, dec: number): RebalanceTarget => ({
    name: p.name,
    base: p.base,
    dex: p.dex === "v1" ? v1 : v2,
    pair: pairs[p.name] as Address,
    token,
    decimals: dec,
    nativePerToken: nativePerToken(p.base),
    feeOnTransfer: p.base === "printer" || p.base === "dividendPrinter",
  });

  if (opts.seed) {
    const hexCopyOfA = prefork?.held.hex[(wallets.users[0] as Address).toLowerCase()] ?? 0n;
    await pulseStory(w, art, early, wallets, { v1, v2 }, hexCopyOfA);
    // Back to the designed prices.
    let minute = 0;
    await rebalancePools(
      w,
      T1,
      POOLS.map((p) => target(p, addr[p.base], decimals[p.base])),
      () => storyTime(170, 9, minute++),
    );
  }

  // The dividend printer and the reward drop: launched by accounts of their own (first transactions,
  // so their addresses are the same with or without the story), in 2025 after the story.
  let launchMinute = 0;
  const launched = await launchDividendPrinter(
    w,
    art,
    early,
    wallets,
    v2,
    opts.seed ? () => storyTime(366, 8, launchMinute++) : undefined,
  );
  pairs[launched.pool.name] = launched.pair;
  pools.push(launched.pool);
  const withoutStakes = {
    ...early,
    dividendPrinter: launched.dividendPrinter,
    dividendTracker: launched.dividendTracker,
    rewardDrop: launched.rewardDrop,
  };
  let targets: RebalanceTarget[] = [];
  if (opts.seed) {
    // Printers first: their fee swaps move the PLSX and HEX pools, which come after them.
    const specs: [PoolSpec, Address, number][] = [
      [launched.spec, launched.dividendPrinter, 18],
      ...POOLS.map((p): [PoolSpec, Address, number] => [p, addr[p.base], decimals[p.base]]),
    ];
    targets = specs
      .map(([p, token, dec]) => target(p, token, dec))
      .sort((a, b) => Number(b.feeOnTransfer) - Number(a.feeOnTransfer));
    await story2025(w, art, withoutStakes, wallets, v2, targets);
  }
  // HEX stakes: after the 2025 month (2025-02-02), C's short stake is late by 2025-02-24.
  const hexStakes = await deployHexStakes(w, art, wallets, hex, opts.seed ? time2025(31, 8) : undefined);
  if (opts.seed)
    await seedStakes(
      w,
      art,
      wallets,
      { hex, hexStakes },
      PULSE_STAKES(wallets.users),
      time2025(31, 9),
      time2025(53, 9),
    );
  // The NFT collection, minted to B and E on 2025-02-25.
  const nftCollection = await deployNfts(w, art, wallets, {
    seed: opts.seed,
    ...(opts.seed ? { at: time2025(54, 9) } : {}),
  });
  // The bridge's address is set when it is deployed (bridge.ts), after both chains' stories.
  const contracts: PulseContracts = { ...withoutStakes, hexStakes, nftCollection, omnibridge: ZERO_ADDRESS };

  const info = (
    role: keyof PulseContracts,
    name: string,
    symbol: string,
    dec: number,
    category: TokenInfo["category"],
    priceUsd: number | null,
  ): TokenInfo => ({ role, address: contracts[role] as Address, name, symbol, decimals: dec, category, priceUsd });
  const P = PULSE_PRICES_USD;
  const tokens: TokenInfo[] = [
    info("wpls", "Wrapped Pulse", "WPLS", 18, "wrapped-native", PULSE.nativePriceUsd),
    info("plsx", "PulseX", "PLSX", 18, "ecosystem", P.plsx),
    info("hex", "HEX", "HEX", 8, "ecosystem", P.hex),
    info("inc", "Incentive", "INC", 18, "ecosystem", P.inc),
    info("dai", "Dai Stablecoin from Ethereum", "DAI", 18, "stablecoin", 1),
    info("usdc", "USD Coin from Ethereum", "USDC", 6, "stablecoin", 1),
    info("usdt", "Tether USD from Ethereum", "USDT", 6, "stablecoin", 1),
    info("forkDai", "Dai Stablecoin", "DAI", 18, "fork-copy", P.forkDai),
    info("forkUsdc", "USD Coin", "USDC", 6, "fork-copy", null),
    info("forkUsdt", "Tether USD", "USDT", 6, "fork-copy", null),
    info("forkWeth", "Wrapped Ether", "WETH", 18, "fork-copy", null),
    info("printer", "Printer", "PRINT", 18, "printer", P.printer),
    info("dividendPrinter", "HEX Printer", "HEXP", 18, "printer", P.dividendPrinter),
    info("spam", "$5000 PLSX reward - claim at pulse-rewards.example", "CLAIM", 18, "spam", null),
    info("fakeHex", "HEX", "HEX", 8, "fake", null),
    info("v1Only", "Legacy Pulse", "LGCY", 18, "v1-only", P.v1Only),
    info("lowLiquidity", "Thin Liquidity", "THIN", 18, "low-liquidity", P.lowLiquidity),
    ...(copyMarket ? [copyMarket.token] : []),
  ];
  return {
    contracts,
    tokens,
    pools,
    tokenOverrides: {
      wrappedNative: [wpls],
      stablecoins: [dai, usdc, usdt],
      forkCopies: [forkDai, forkUsdc, forkUsdt, forkWeth],
    },
    startBlock: 1,
    ...(opts.seed && opts.recentPayouts
      ? { wallClockSteps: () => recentPayouts(w, art, contracts, wallets, v2, targets) }
      : {}),
  };
}

/** The demo user's six months on PulseChain. README.md tells the same story. */
async function pulseStory(
  w: ChainWriter,
  art: Artifacts,
  c: EarlyContracts,
  wallets: DevchainWallets,
  { v1, v2 }: { v1: Dex; v2: Dex },
  /** HEX A holds as the copy of his Ethereum HEX (a fork): not part of the 60 % he sells. */
  hexCopyOfA = 0n,
): Promise<void> {
  const [A, B, C, D, E] = wallets.users as [Address, Address, Address, Address, Address];
  const [T1, T2] = wallets.traders as [Address, Address];
  const { deployer, spammer, ethDeployer } = wallets;
  const T = art.own.Token.abi;
  const PLS = (n: number) => units(n, 18);
  const at = storyTime;
  const one = async (r: TxRequest, ts?: number) => w.send(r, ts);
  const block = async (rs: TxRequest[], ts?: number) => {
    for (const r of rs) await w.queue(r);
    return w.mine(ts);
  };

  // Day 0: PulseChain's fork copies show up in A's wallet; DAI bridged from Ethereum arrives; first buys.
  await block(
    [
      w.call(ethDeployer, c.forkDai, T, "mint", [A, units(2_000, 18)], {
        kind: "airdrop",
        step: "fork copy: A holds 2,000 DAI (fork)",
      }),
      w.call(ethDeployer, c.forkUsdc, T, "mint", [A, units(10_000, 6)], {
        kind: "airdrop",
        step: "fork copy: A holds 10,000 USDC (fork)",
      }),
    ],
    at(0, 8),
  );
  await one(
    w.call(deployer, c.dai, T, "mint", [A, units(25_000, 18)], {
      kind: "bridge-in",
      step: "bridge: 25,000 DAI from Ethereum arrive in A",
    }),
    at(0, 9),
  );
  await one(v2.buyWithNative(A, [c.wpls, c.hex], PLS(20_000_000), "A buys HEX with 20M PLS on V2"), at(0, 10));
  await one(v2.buyWithNative(A, [c.wpls, c.plsx], PLS(10_000_000), "A buys PLSX with 10M PLS on V2"), at(0, 11));

  // Day 3-5: B, C and D buy the printer (and B some INC).
  await one(v2.buyWithNative(B, [c.wpls, c.inc], PLS(5_000_000), "B buys INC with 5M PLS"), at(3));
  await one(v2.buyWithNative(B, [c.wpls, c.printer], PLS(8_000_000), "B buys PRINT with 8M PLS"), at(3, 10));
  await one(v2.buyWithNative(C, [c.wpls, c.printer], PLS(12_000_000), "C buys PRINT with 12M PLS"), at(5));
  await one(v2.buyWithNative(D, [c.wpls, c.printer], PLS(4_000_000), "D buys PRINT with 4M PLS"), at(5, 10));

  // Other people trade the printer: fees are swapped to PLSX and paid to holders.
  await one(v2.approve(T2, c.printer, "T2 approves PRINT", "trade"), at(6, 8));
  const distributorAbi = art.own.PrinterDistributor.abi;
  /** T2 buys, sells half (the sell swaps the gathered fees into PLSX for the holders) and buys again. */
  const churn = async (day: number, buyPls: number, claimer?: { wallet: Address; name: string }) => {
    await one(
      v2.buyWithNative(T2, [c.wpls, c.printer], PLS(buyPls), `T2 buys PRINT with ${buyPls / 1e6}M PLS`, "trade"),
      at(day, 12),
    );
    const held = await v2.balanceOf(c.printer, T2);
    await one(
      v2.sellForNative(T2, [c.printer, c.wpls], held / 2n, "T2 sells half his PRINT", true, "trade"),
      at(day, 16),
    );
    // The distributor pays three holders per transfer; one not reached yet can claim.
    if (claimer) {
      const owed = await w.read<bigint>(c.distributor, distributorAbi, "getUnpaidEarnings", [claimer.wallet]);
      if (owed > 0n) {
        await one(
          w.call(claimer.wallet, c.distributor, distributorAbi, "claim", [], {
            kind: "claim",
            step: `${claimer.name} claims his printer rewards`,
          }),
          at(day, 16, 30),
        );
      }
    }
    await one(v2.buyWithNative(T2, [c.wpls, c.printer], PLS(buyPls / 4), "T2 buys PRINT again", "trade"), at(day, 18));
  };
  await churn(6, 60_000_000);
  await churn(8, 40_000_000);

  // Day 10: token for token; day 15: between A's and B's wallets.
  await block([v2.approve(A, c.dai, "A approves DAI for router V2")], at(10, 9));
  await one(
    v2.swapTokens(A, [c.dai, c.wpls, c.hex], units(5_000, 18), "A swaps 5,000 DAI for HEX (DAI -> WPLS -> HEX)"),
    at(10, 9, 5),
  );
  await one(
    v2.transfer(c.hex, A, B, units(20_000, 8), "A moves 20,000 HEX to B (own wallets)", "own-transfer"),
    at(15),
  );

  // Day 20: spam and a fake HEX arrive.
  await one(
    w.call(spammer, c.spam, T, "airdrop", [wallets.users, units(5_000, 18)], {
      kind: "airdrop",
      step: "spam airdrop to all five wallets",
    }),
    at(20, 3),
  );
  await one(
    w.call(spammer, c.fakeHex, T, "airdrop", [[A, C], units(1_000_000, 8)], {
      kind: "airdrop",
      step: "fake HEX airdrop to A and C",
    }),
    at(20, 4),
  );

  // Day 25-28: native transfers.
  await one(
    {
      from: A,
      to: C,
      value: PLS(2_000_000),
      gas: 21_000n,
      kind: "own-transfer",
      step: "A sends 2M PLS to C (own wallets)",
    },
    at(25),
  );
  await one(
    { from: E, to: T1, value: PLS(1_000_000), gas: 21_000n, kind: "transfer-out", step: "E pays 1M PLS to a trader" },
    at(28),
  );
  await one(
    { from: T1, to: E, value: PLS(300_000), gas: 21_000n, kind: "transfer-in", step: "a trader sends 300k PLS to E" },
    at(28, 12),
  );

  // Day 30-36: a whale pumps HEX; the printer keeps printing.
  for (const day of [30, 33, 36]) {
    await one(
      v2.buyWithNative(T1, [c.wpls, c.hex], PLS(400_000_000), "whale buys HEX with 400M PLS", "trade"),
      at(day, 14),
    );
  }
  await churn(38, 50_000_000, { wallet: B, name: "B" });

  // Day 45: A takes profit: sells 60 % of the HEX bought on PulseChain (as many as without a fork copy).
  await one(v2.approve(A, c.hex, "A approves HEX for router V2"), at(45, 9));
  const aHex = (await v2.balanceOf(c.hex, A)) - hexCopyOfA;
  await one(v2.sellForNative(A, [c.hex, c.wpls], (aHex * 60n) / 100n, "A sells 60% of his HEX for PLS"), at(45, 9, 5));

  // Day 50-60: a V1-only token, a thin pool, wrapping.
  await one(v1.buyWithNative(D, [c.wpls, c.v1Only], PLS(3_000_000), "D buys LGCY with 3M PLS on PulseX V1"), at(50));
  await one(v2.buyWithNative(E, [c.wpls, c.lowLiquidity], PLS(50_000), "E buys THIN with 50k PLS (thin pool)"), at(55));
  await one(
    w.call(E, c.wpls, art.own.WrappedNative.abi, "deposit", [], {
      value: PLS(5_000_000),
      kind: "wrap",
      step: "E wraps 5M PLS",
      gas: 100_000n,
    }),
    at(55, 10),
  );
  await one(
    w.call(E, c.wpls, art.own.WrappedNative.abi, "withdraw", [PLS(2_000_000)], {
      kind: "unwrap",
      step: "E unwraps 2M WPLS",
      gas: 100_000n,
    }),
    at(60),
  );
  await churn(62, 30_000_000, { wallet: B, name: "B" });

  // Day 70: C sells half of the printer (the fee-on-transfer path).
  await one(v2.approve(C, c.printer, "C approves PRINT for router V2"), at(70, 9));
  const cPrint = await v2.balanceOf(c.printer, C);
  await one(v2.sellForNative(C, [c.printer, c.wpls], cPrint / 2n, "C sells half of his PRINT", true), at(70, 9, 5));

  // Day 80-84: the whale dumps HEX below where it started.
  await one(v2.approve(T1, c.hex, "whale approves HEX", "trade"), at(80, 8));
  const whaleHex = await v2.balanceOf(c.hex, T1);
  await one(
    v2.sellForNative(T1, [c.hex, c.wpls], whaleHex / 2n, "whale sells half his HEX", false, "trade"),
    at(80, 14),
  );
  const whaleRest = await v2.balanceOf(c.hex, T1);
  await one(
    v2.sellForNative(T1, [c.hex, c.wpls], (whaleRest * 9n) / 10n, "whale sells most of the rest", false, "trade"),
    at(84, 14),
  );

  // Day 90-95: A buys the dip; B swaps INC into USDC.
  await one(v2.buyWithNative(A, [c.wpls, c.hex], PLS(15_000_000), "A buys HEX with 15M PLS after the dump"), at(90));
  await one(v2.approve(B, c.inc, "B approves INC for router V2"), at(95, 9));
  const bInc = await v2.balanceOf(c.inc, B);
  await one(
    v2.swapTokens(B, [c.inc, c.wpls, c.usdc], bInc, "B swaps all his INC for USDC (INC -> WPLS -> USDC)"),
    at(95, 9, 5),
  );
  await churn(97, 30_000_000, { wallet: D, name: "D" });

  // Day 100-120: D provides liquidity and takes half of it out again.
  await one(v2.buyWithNative(D, [c.wpls, c.plsx], PLS(6_000_000), "D buys PLSX with 6M PLS"), at(100));
  await one(v2.approve(D, c.plsx, "D approves PLSX for router V2"), at(100, 10));
  const dPlsx = await v2.balanceOf(c.plsx, D);
  await one(
    v2.addLiquidityNative(
      D,
      c.plsx,
      dPlsx,
      PLS(8_000_000),
      "D adds all his PLSX and 8M PLS to the WPLS/PLSX pool (the PLS not needed comes back)",
      "liquidity",
      1_500_000n,
    ),
    at(101),
  );
  const lp = c.pairs.wplsPlsxV2 as Address;
  await one(v2.approve(D, lp, "D approves his LP tokens for router V2"), at(120, 9));
  const dLp = await v2.balanceOf(lp, D);
  await one(v2.removeLiquidityNative(D, c.plsx, dLp / 2n, "D removes half of his liquidity"), at(120, 9, 5));

  // Day 130-150: consolidation, a payment, and selling fork DAI for (almost) nothing.
  const cPlsx = await v2.balanceOf(c.plsx, C);
  if (cPlsx > 0n)
    await one(v2.transfer(c.plsx, C, A, cPlsx, "C moves his PLSX rewards to A (own wallets)", "own-transfer"), at(130));
  await one(v2.transfer(c.dai, A, T2, units(1_000, 18), "A pays 1,000 DAI to someone", "transfer-out"), at(140));
  await one(v2.approve(A, c.forkDai, "A approves fork DAI for router V2"), at(150, 9));
  await one(
    v2.sellForNative(A, [c.forkDai, c.wpls], units(500, 18), "A sells 500 fork DAI on the dust pool"),
    at(150, 9, 5),
  );
  await churn(155, 40_000_000, { wallet: D, name: "D" });
  await churn(160, 20_000_000);
}
