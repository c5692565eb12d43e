/**
 * HEX stakes on both chains. HEX is a plain ERC-20 on the devchain, so a contract with HEX's stake
 * interface (contracts/HexStakes.sol) stands beside it, deployed by account 12 after the story; on
 * 369 A's stake is active and C's is late, on 1 D's is active (README.md, "HEX stakes").
 */
import type { Address } from "viem";
import type { Artifacts } from "./artifacts.ts";
import { deployMany, enableAccount } from "./common.ts";
import { units } from "./dex.ts";
import type { DevchainWallets } from "./types.ts";
import type { ChainWriter } from "./writer.ts";

export interface SeededStake {
  staker: Address;
  label: string;
  hex: number;
  days: number;
}

/** A: 1M HEX for 369 days (active); C: 2,000 HEX for 5 days (late by the end of the chain). */
export const PULSE_STAKES = (users: Address[]): SeededStake[] => [
  { staker: users[2] as Address, label: "C", hex: 2_000, days: 5 },
  { staker: users[0] as Address, label: "A", hex: 1_000_000, days: 369 },
];
/** D: 100,000 HEX for 30 days (active). */
export const ETHEREUM_STAKES = (users: Address[]): SeededStake[] => [
  { staker: users[3] as Address, label: "D", hex: 100_000, days: 30 },
];

/** HEX the stake contract holds to pay yields when a stake ends. */
const PAYOUT_RESERVE_HEX = 100_000_000;

/** The first transaction of account 12, so its address is the same with or without the story. */
export async function deployHexStakes(
  w: ChainWriter,
  art: Artifacts,
  wallets: DevchainWallets,
  hex: Address,
  at?: number,
): Promise<Address> {
  await enableAccount(w.rpc, wallets.stakesDeployer, 10_000_000);
  const [address] = await deployMany(
    w,
    [{ from: wallets.stakesDeployer, artifact: art.own.HexStakes, args: [hex], step: "deploy the HEX stake contract" }],
    at,
  );
  if (!address) throw new Error("devchain: no HEX stake contract");
  return address;
}

/**
 * The stakes: funded from the HEX deployer's supply, each staker approves and stakes in one block at
 * `startAt`, and at `updateAt` someone stores the daily data up to that day (as anyone's HEX
 * transaction does on mainnet), so the stakes have served days to read.
 */
export async function seedStakes(
  w: ChainWriter,
  art: Artifacts,
  wallets: DevchainWallets,
  c: { hex: Address; hexStakes: Address },
  stakes: readonly SeededStake[],
  startAt: number,
  updateAt: number,
): Promise<void> {
  const abi = art.own.HexStakes.abi;
  const token = art.own.Token.abi;
  await w.queue(
    w.call(wallets.ethDeployer, c.hex, token, "transfer", [c.hexStakes, units(PAYOUT_RESERVE_HEX, 8)], {
      kind: "setup",
      step: "fund the stake contract's payouts",
      gas: 100_000n,
    }),
  );
  for (const s of stakes) {
    await w.queue(
      w.call(s.staker, c.hex, token, "approve", [c.hexStakes, units(s.hex, 8)], {
        kind: "approve",
        step: `${s.label} approves HEX for the stake contract`,
        gas: 100_000n,
      }),
    );
    await w.queue(
      w.call(s.staker, c.hexStakes, abi, "stakeStart", [units(s.hex, 8), BigInt(s.days)], {
        kind: "stake",
        step: `${s.label} stakes ${s.hex.toLocaleString("en-US")} HEX for ${s.days} days`,
        gas: 400_000n,
      }),
    );
  }
  await w.mine(startAt);
  await w.send(
    w.call(wallets.stakesDeployer, c.hexStakes, abi, "dailyDataUpdate", [0n], {
      kind: "setup",
      step: "store the HEX daily data up to today",
      gas: 5_000_000n,
    }),
    updateAt,
  );
}

/** Days of HEX daily data stored per catch-up transaction (about 25,000 gas a day). */
const CATCH_UP_DAYS = 100n;
const LAUNCH_TIME = 1_575_331_200;

/**
 * The demo's ended stake (with recentPayouts), started here and ended by endShortStake: A stakes 10,000
 * HEX for 7 days, so the tax report shows a stake's start, its end and its yield. The daily data since
 * the story is stored first in steps by a trader, as anyone's HEX transaction would (the months since
 * the story do not fit one block).
 */
export async function startShortStake(
  w: ChainWriter,
  art: Artifacts,
  wallets: DevchainWallets,
  c: { hex: Address; hexStakes: Address },
  at: () => number,
): Promise<void> {
  const abi = art.own.HexStakes.abi;
  const A = wallets.users[0] as Address;
  const trader = wallets.traders[0] as Address;
  const start = at();
  const today = BigInt(Math.floor((start - LAUNCH_TIME) / 86_400));
  const step = "store the HEX daily data since the story";
  for (let day = await w.read<bigint>(c.hexStakes, abi, "dailyDataCount"); day < today; day += CATCH_UP_DAYS) {
    const before = day + CATCH_UP_DAYS < today ? day + CATCH_UP_DAYS : today;
    await w.send(
      w.call(trader, c.hexStakes, abi, "dailyDataUpdate", [before], { kind: "setup", step, gas: 6_000_000n }),
      at(),
    );
  }
  const hearts = units(10_000, 8);
  const approve = { kind: "approve", step: "A approves HEX for a short stake", gas: 100_000n } as const;
  await w.queue(w.call(A, c.hex, art.own.Token.abi, "approve", [c.hexStakes, hearts], approve));
  const stake = { kind: "stake", step: "A stakes 10,000 HEX for 7 days", gas: 400_000n } as const;
  await w.queue(w.call(A, c.hexStakes, abi, "stakeStart", [hearts, 7n], stake));
  await w.mine(at());
}

/** A ends the short stake (the newest of A's stakes): principal and yield back. */
export async function endShortStake(
  w: ChainWriter,
  art: Artifacts,
  wallets: DevchainWallets,
  hexStakes: Address,
  at: number,
): Promise<void> {
  const abi = art.own.HexStakes.abi;
  const A = wallets.users[0] as Address;
  const count = await w.read<bigint>(hexStakes, abi, "stakeCount", [A]);
  const [id] = await w.read<readonly [bigint]>(hexStakes, abi, "stakeLists", [A, count - 1n]);
  const step = "A ends the short stake: principal and yield back";
  await w.send(w.call(A, hexStakes, abi, "stakeEnd", [count - 1n, id], { kind: "stake", step, gas: 6_000_000n }), at);
}
