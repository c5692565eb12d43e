/**
 * HEX's StakeStart and StakeEnd events: every value packed into uint256 data words, the staker and
 * the stake id in the topics. The same layout on Ethereum, PulseChain and the devchain's stake contract.
 */

export const STAKE_START_TOPIC = "0x14872dc760f33532684e68e1b6d5fd3f71ba7b07dee76bdb2b084f28b74233ef";
export const STAKE_END_TOPIC = "0x72d9c5a7ab13846e08d9c838f9e866a1bb4a66a2fd3ba3c9e7da3cf9e394dfd7";

const MASK_16 = (1n << 16n) - 1n;
const MASK_40 = (1n << 40n) - 1n;
const MASK_72 = (1n << 72n) - 1n;

export interface StakeStartData {
  timestamp: number;
  stakedHearts: bigint;
  stakeShares: bigint;
  stakedDays: number;
}

export interface StakeEndData {
  timestamp: number;
  stakedHearts: bigint;
  stakeShares: bigint;
  /** The yield before the penalty. */
  payout: bigint;
  penalty: bigint;
  servedDays: number;
}

/** data0: [39:0] timestamp, [111:40] stakedHearts, [183:112] stakeShares, [199:184] stakedDays. */
export function decodeStakeStart(data0: bigint): StakeStartData {
  return {
    timestamp: Number(data0 & MASK_40),
    stakedHearts: (data0 >> 40n) & MASK_72,
    stakeShares: (data0 >> 112n) & MASK_72,
    stakedDays: Number((data0 >> 184n) & MASK_16),
  };
}

/** data0: timestamp, stakedHearts, stakeShares as StakeStart, [255:184] payout; data1: [71:0] penalty, [87:72] servedDays. */
export function decodeStakeEnd(data0: bigint, data1: bigint): StakeEndData {
  return {
    timestamp: Number(data0 & MASK_40),
    stakedHearts: (data0 >> 40n) & MASK_72,
    stakeShares: (data0 >> 112n) & MASK_72,
    payout: data0 >> 184n,
    penalty: data1 & MASK_72,
    servedDays: Number((data1 >> 72n) & MASK_16),
  };
}

/**
 * What the staker gets back when a stake ends: principal plus yield less the penalty, never below
 * zero (HEX caps the penalty at the stake's whole value).
 */
export function stakeReturn(end: Pick<StakeEndData, "stakedHearts" | "payout" | "penalty">): bigint {
  const value = end.stakedHearts + end.payout;
  return end.penalty >= value ? 0n : value - end.penalty;
}
