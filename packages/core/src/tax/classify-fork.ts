/**
 * The chain fork in the classification (README.md, "The PulseChain fork"): on the copy chain, the
 * records of blocks at or below the fork block are the parent's history seen through the copy and
 * are dropped; at the fork instant one `fork-copy` event copies every open lot of the parent chain's
 * assets (the engine knows them) to the same wallet on the copy chain.
 */
import { type ChainFork, isParentHistory } from "../chains/chain-fork.ts";
import type { NormalizedTransfer } from "../chains/transfer.ts";
import { sameAddressCopy } from "./fork-copy.ts";
import type { TaxEvent } from "./types.ts";

export interface ForkOption {
  fork: ChainFork;
  /** The copy of a parent-chain asset: default the same address on the copy chain; null leaves the copy out. */
  copyAsset?: (parentAsset: string) => string | null;
}

/** Where the fork's copy goes in the stream of records, and which records it drops. */
export class ForkGate {
  private emitted = false;
  private readonly copyAsset: (parentAsset: string) => string | null;

  constructor(private readonly option: ForkOption) {
    const f = option.fork;
    this.copyAsset = option.copyAsset ?? sameAddressCopy(f.parentChainId, f.chainId);
  }

  /** A record of the copy chain at or below the fork block: the parent's history, not the user's own. */
  drops(t: NormalizedTransfer): boolean {
    return isParentHistory(this.option.fork, t);
  }

  /**
   * The copy event, once, before the first record that comes after the fork: a parent-chain record of
   * the fork block or later, or any record later than the fork instant. Its time is the fork instant,
   * or that record's time when it is earlier (events stay in time order).
   */
  before(t: NormalizedTransfer): TaxEvent | undefined {
    if (this.emitted) return undefined;
    const f = this.option.fork;
    if (!((t.chainId === f.parentChainId && t.blockNumber >= f.block) || t.timestamp > f.time)) return undefined;
    return this.copy(Math.min(f.time, t.timestamp));
  }

  /** After the last record: the copy, if no record came after the fork (the engine ignores it after the report year). */
  atEnd(): TaxEvent | undefined {
    return this.emitted ? undefined : this.copy(this.option.fork.time);
  }

  private copy(time: number): TaxEvent {
    this.emitted = true;
    const f = this.option.fork;
    return {
      time,
      kind: "fork-copy",
      given: [],
      received: [],
      chainId: f.chainId,
      blockNumber: f.block,
      id: `fork-${f.chainId}-${f.block}`,
      forkCopy: {
        scope: "chain",
        forkTime: f.time,
        parentChainId: f.parentChainId,
        chainId: f.chainId,
        copyAsset: this.copyAsset,
      },
    };
  }
}
