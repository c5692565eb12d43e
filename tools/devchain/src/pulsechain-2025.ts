/**
 * Chain 369 after the 2024 story: the dividend printer (a printer of the dividend-tracker kind that
 * pays HEX) and the reward drop (a look-alike payout that is an airdrop) are launched on 2025-01-02;
 * a month of 2025 follows (README.md tells it). For the demo only, both printers also pay over the
 * last 30 days up to now.
 */
import { type Address, getAddress } from "viem";
import type { Artifacts } from "./artifacts.ts";
import { deployMany, storyTime } from "./common.ts";
import { type Dex, units } from "./dex.ts";
import { endShortStake, startShortStake } from "./hex-stakes.ts";
import {
  type EarlyContracts,
  nativePerToken,
  type PoolSpec,
  PULSE,
  type RebalanceTarget,
  rebalancePools,
} from "./pulsechain.ts";
import { buyAndBurn, roundTargets, stableRoundTrips } from "./recent-market.ts";
import type { DevchainWallets, PoolInfo, PulseContracts } from "./types.ts";
import type { ChainWriter, TxRequest } from "./writer.ts";

export const DIVIDEND_PRINTER = {
  name: "HEX Printer",
  symbol: "HEXP",
  /** Whole tokens minted to the launcher. */
  supply: 1_000_000_000,
  /** Whole PLS in its WPLS pool (50M HEXP at 10 PLS each). */
  poolNative: 500_000_000,
  /** HEXP the launcher gives the trader who brings the pool back to its price. */
  traderInventory: 30_000_000,
  /** Fewer HEXP than this earn no share. */
  minimumTokenBalance: 1_000,
  /** HEX: process() pays a holder automatically only from this much on; less waits for claim(). */
  minimumAutoPayout: 200,
  /** HEXP of gathered fees before the next sell swaps them into HEX for the holders. */
  swapThreshold: 100_000,
} as const;

/** PLSX the reward drop sends to each of its wallets (about 5 USD). */
export const REWARD_DROP_PLSX = 250_000;

/** Unix seconds of `day` days after 2025-01-02 (day 0 of the 2025 chapter), at hh:mm UTC. */
export function time2025(day: number, hour = 9, minute = 0): number {
  return storyTime(366 + day, hour, minute);
}

export interface LaunchedPrinter {
  dividendPrinter: Address;
  dividendTracker: Address;
  rewardDrop: Address;
  pair: Address;
  spec: PoolSpec;
  pool: PoolInfo;
}

const lower = (a: Address): Address => a.toLowerCase() as Address;

/**
 * Deploys the dividend printer (its tracker is created by the token) and the reward drop, each as
 * the first transaction of its own account, then the HEXP/WPLS pair, the wiring and the pool. Blocks
 * at `when()` (default: 12 s apart).
 */
export async function launchDividendPrinter(
  w: ChainWriter,
  art: Artifacts,
  c: EarlyContracts,
  wallets: DevchainWallets,
  v2: Dex,
  when?: () => number,
): Promise<LaunchedPrinter> {
  const { launcher, promoter, deployer } = wallets;
  const [T1] = wallets.traders as [Address, Address];
  const D = DIVIDEND_PRINTER;
  const tokenAbi = art.own.DividendPrinterToken.abi;
  const [dividendPrinter, rewardDrop] = (await deployMany(
    w,
    [
      {
        from: launcher,
        artifact: art.own.DividendPrinterToken,
        args: [
          D.name,
          D.symbol,
          units(D.supply, 18),
          c.hex,
          units(D.minimumTokenBalance, 18),
          units(D.minimumAutoPayout, 8),
        ],
        step: "deploy the dividend printer and its tracker",
        gas: 8_000_000n,
      },
      {
        from: promoter,
        artifact: art.own.RewardDrop,
        args: [c.plsx],
        step: "deploy the reward drop (sends PLSX; no token names it)",
      },
    ],
    when?.(),
  )) as [Address, Address];
  const dividendTracker = getAddress(await w.read<Address>(dividendPrinter, tokenAbi, "dividendTracker"));
  w.rewardSources.add(lower(dividendTracker));
  w.feeSinks.add(lower(dividendPrinter));

  await w.send(
    w.call(launcher, c.factoryV2, art.uniswap.UniswapV2Factory.abi, "createPair", [dividendPrinter, c.wpls], {
      kind: "setup",
      step: "create the HEXP/WPLS pair",
      gas: 5_000_000n,
    }),
    when?.(),
  );
  const pair = await v2.pair(dividendPrinter, c.wpls);
  const setup: TxRequest[] = [
    w.call(launcher, dividendPrinter, tokenAbi, "configure", [c.routerV2, pair, c.wpls, units(D.swapThreshold, 18)], {
      kind: "setup",
      step: "wire the dividend printer to its pair and router",
      gas: 400_000n,
    }),
    v2.approve(launcher, dividendPrinter, "approve HEXP for wplsDividendPrinterV2", "setup"),
    v2.transfer(dividendPrinter, launcher, T1, units(D.traderInventory, 18), "trader inventory", "setup"),
    v2.transfer(c.plsx, deployer, rewardDrop, units(REWARD_DROP_PLSX * 10, 18), "fund the reward drop", "setup"),
  ];
  for (const r of setup) await w.queue(r);
  await w.mine(when?.());

  const spec: PoolSpec = { name: "wplsDividendPrinterV2", dex: "v2", base: "dividendPrinter", native: D.poolNative };
  const price = nativePerToken("dividendPrinter");
  await w.send(
    v2.addLiquidityNative(
      launcher,
      dividendPrinter,
      units(D.poolNative / price, 18),
      units(D.poolNative, 18),
      `liquidity ${spec.name}`,
      "setup",
    ),
    when?.(),
  );
  return {
    dividendPrinter,
    dividendTracker,
    rewardDrop,
    pair,
    spec,
    pool: {
      name: spec.name,
      dex: "v2",
      pair,
      base: spec.base,
      quote: "wpls",
      price,
      liquidityUsd: 2 * D.poolNative * PULSE.nativePriceUsd,
    },
  };
}

interface Ctx {
  w: ChainWriter;
  art: Artifacts;
  c: Omit<PulseContracts, "hexStakes" | "nftCollection" | "omnibridge">;
  v2: Dex;
  trader: Address;
}

/** T2 buys, sells half (the sell swaps the gathered fees into the reward token) and buys again. */
async function churn(x: Ctx, token: Address, symbol: string, buyPls: number, when: (step: number) => number) {
  const { w, v2, c, trader } = x;
  await w.send(
    v2.buyWithNative(
      trader,
      [c.wpls, token],
      units(buyPls, 18),
      `T2 buys ${symbol} with ${buyPls / 1e6}M PLS`,
      "trade",
    ),
    when(0),
  );
  const held = await v2.balanceOf(token, trader);
  await w.send(
    v2.sellForNative(trader, [token, c.wpls], held / 2n, `T2 sells half his ${symbol}`, true, "trade"),
    when(1),
  );
  await w.send(
    v2.buyWithNative(trader, [c.wpls, token], units(buyPls / 4, 18), `T2 buys ${symbol} again`, "trade"),
    when(2),
  );
}

/** A holder claims what the tracker owes him (only when it owes something: a claim always pays). */
async function claimHex(x: Ctx, holder: Address, name: string, at: number): Promise<void> {
  const abi = x.art.own.DividendTracker.abi;
  const owed = await x.w.read<bigint>(x.c.dividendTracker, abi, "withdrawableDividendOf", [holder]);
  if (owed === 0n) return;
  await x.w.send(
    x.w.call(holder, x.c.dividendTracker, abi, "claim", [], {
      kind: "claim",
      step: `${name} claims his HEX from the dividend tracker`,
      gas: 300_000n,
    }),
    at,
  );
}

/** A holder claims what the printer's distributor owes him in PLSX. */
async function claimPlsx(x: Ctx, holder: Address, name: string, at: number): Promise<void> {
  const abi = x.art.own.PrinterDistributor.abi;
  const owed = await x.w.read<bigint>(x.c.distributor, abi, "getUnpaidEarnings", [holder]);
  if (owed === 0n) return;
  await x.w.send(
    x.w.call(holder, x.c.distributor, abi, "claim", [], {
      kind: "claim",
      step: `${name} claims his printer rewards`,
      gas: 300_000n,
    }),
    at,
  );
}

/**
 * January 2025: C and E buy the dividend printer, T2 trades it and PRINT (HEX payouts from the
 * tracker, automatic and claimed, PLSX from the distributor), the reward drop sends PLSX to B, C
 * and E, C sells a quarter of his HEXP; on 2025-02-01 every pool is traded back to its price.
 */
export async function story2025(
  w: ChainWriter,
  art: Artifacts,
  c: Omit<PulseContracts, "hexStakes" | "nftCollection" | "omnibridge">,
  wallets: DevchainWallets,
  v2: Dex,
  targets: RebalanceTarget[],
): Promise<void> {
  const [, B, C, , E] = wallets.users as [Address, Address, Address, Address, Address];
  const [T1, T2] = wallets.traders as [Address, Address];
  const x: Ctx = { w, art, c, v2, trader: T2 };
  const day = time2025;
  const PLS = (n: number) => units(n, 18);
  const hours = (d: number) => (step: number) => day(d, [12, 16, 18][step] ?? 20);

  await w.send(
    v2.buyWithNative(C, [c.wpls, c.dividendPrinter], PLS(10_000_000), "C buys HEXP with 10M PLS"),
    day(1, 10),
  );
  await w.send(v2.buyWithNative(E, [c.wpls, c.dividendPrinter], PLS(3_000_000), "E buys HEXP with 3M PLS"), day(2, 11));
  await w.send(v2.approve(T2, c.dividendPrinter, "T2 approves HEXP", "trade"), day(3, 8));
  await churn(x, c.dividendPrinter, "HEXP", 40_000_000, hours(4));
  await churn(x, c.printer, "PRINT", 30_000_000, hours(6));
  await churn(x, c.dividendPrinter, "HEXP", 30_000_000, hours(9));
  await claimHex(x, C, "C", day(10));

  // The look-alike: PLSX from a contract, to holders of both printers, with a Claim event - an airdrop.
  await w.send(
    w.call(wallets.promoter, c.rewardDrop, art.own.RewardDrop.abi, "drop", [[B, C, E], units(REWARD_DROP_PLSX, 18)], {
      kind: "airdrop",
      step: `the reward drop sends ${REWARD_DROP_PLSX.toLocaleString("en-US")} PLSX to B, C and E`,
      gas: 500_000n,
    }),
    day(14, 15),
  );
  await churn(x, c.dividendPrinter, "HEXP", 50_000_000, hours(17));

  // C sells a quarter: the tracker pays him what he is owed inside his own sell.
  await w.send(v2.approve(C, c.dividendPrinter, "C approves HEXP for router V2"), day(20, 9));
  const cHexp = await v2.balanceOf(c.dividendPrinter, C);
  await w.send(
    v2.sellForNative(C, [c.dividendPrinter, c.wpls], cHexp / 4n, "C sells a quarter of his HEXP", true),
    day(20, 9, 5),
  );
  await churn(x, c.dividendPrinter, "HEXP", 30_000_000, hours(25));
  await claimHex(x, E, "E", day(26));
  await churn(x, c.printer, "PRINT", 20_000_000, hours(27));
  await claimPlsx(x, C, "C", day(28));
  await claimHex(x, C, "C", day(28, 10));

  let minute = 0;
  await rebalancePools(w, T1, targets, () => day(30, 9, minute++));
}

/**
 * The demo's recent payouts and market: from about 29 days ago up to two hours ago, every 36 hours T2
 * trades both printers (payouts to their holders), now and then C and E claim, and T1 moves the pools
 * along their price paths, round-trips the stablecoin pools and now and then buys and burns
 * (recent-market.ts); at the end every pool is traded back to its designed price. Dates follow the
 * wall clock, so this part is not deterministic.
 */
export async function recentPayouts(
  w: ChainWriter,
  art: Artifacts,
  c: PulseContracts,
  wallets: DevchainWallets,
  v2: Dex,
  targets: RebalanceTarget[],
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<void> {
  const [, , C, D, E] = wallets.users as [Address, Address, Address, Address, Address];
  const [T1, T2] = wallets.traders as [Address, Address];
  const x: Ctx = { w, art, c, v2, trader: T2 };
  const ROUND = 36 * 3600;
  const end = nowSeconds - 2 * 3600;
  const first = end - Math.floor((29 * 86_400) / ROUND) * ROUND;
  if (first <= w.timestamp)
    throw new Error("devchain: recentPayouts needs a clock after the story (2025-02-01 plus 30 days)");
  const approved = new Set<string>();
  const rounds = Math.floor((end - first) / ROUND) + 1;
  let round = 0;
  for (let start = first; start <= end; start += ROUND, round++) {
    let ts = start;
    const next = () => {
      ts += 60;
      return ts;
    };
    await churn(x, c.printer, "PRINT", 20_000_000, next);
    await churn(x, c.dividendPrinter, "HEXP", 30_000_000, next);
    // Now and then, and in the last round (so that the last 24 hours have a claim too).
    if (round % 3 === 2 || start + ROUND > end) {
      await claimHex(x, C, "C", next());
      await claimHex(x, E, "E", next());
      await claimPlsx(x, D, "D", next());
    }
    // The market (recent-market.ts): burns now and then, stablecoin round trips, pools along their price path.
    if (round % 3 === 0) await buyAndBurn(w, T1, c, v2, next);
    // A's short stake: started in the first round, ended in the seventh (9 days later, 7 days served).
    if (round === 0) await startShortStake(w, art, wallets, c, next);
    if (round === 6) await endShortStake(w, art, wallets, c.hexStakes, next());
    await stableRoundTrips(w, T1, targets, next);
    await rebalancePools(w, T1, roundTargets(targets, rounds - 1 - round), next, approved);
  }
  let ts = end + 30 * 60;
  await rebalancePools(w, T1, targets, () => ts++, approved);
}
