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
