/**
 * A chain that began as a copy of another chain's whole state: PulseChain (369) of Ethereum (1).
 * Where each value comes from: docs/research/chain-facts.md ("PulseChain mainnet fork").
 */

export interface ChainFork {
  /** The chain whose state was copied (Ethereum). */
  parentChainId: number;
  /** The copy (PulseChain). */
  chainId: number;
  /**
   * The copy's first block of its own. On `chainId`, records of blocks at or below it are the parent's
   * history seen through the copy; on `parentChainId`, records of blocks below it happened before the copy.
   */
  block: number;
  /** Unix seconds of the fork instant: the copies of the open lots are made then. */
  time: number;
}

/**
 * PulseChain mainnet: go-pulse `params/pulse.go` `PrimordialPulseBlock: 17_233_000` (blocks below it
 * are Ethereum's, signed with chain id 1). The instant is the fork block's timestamp derived from the
 * beacon genesis (1683785555 less the 300 s genesis delay): 2023-05-11 06:07:35 UTC. PulseChain went
 * public two days later (13 May 2023); the copy itself is of the state at this block.
 */
export const PULSECHAIN_FORK: ChainFork = {
  parentChainId: 1,
  chainId: 369,
  block: 17_233_000,
  time: 1_683_785_255,
};

/** A record of the copy chain at or below the fork block: the parent's history seen through the copy, not the user's own. */
export function isParentHistory(fork: ChainFork, record: { chainId: number; blockNumber: number }): boolean {
  return record.chainId === fork.chainId && record.blockNumber <= fork.block;
}
