import type { NormalizedTransfer } from "@pulsemanager/core";

export interface HistoryQuery {
  chainId: number;
  /** The wallet; checksummed input is accepted, an invalid address throws. */
  address: string;
  /** First block to read (inclusive). */
  fromBlock: number;
  /**
   * Last block to read (inclusive). Pass it (the RPC head minus a small margin, never more than the
   * explorer has indexed) for an exact coverage answer; without it the source reads to the explorer's
   * newest data and reports the highest block any record had as `toBlock`.
   */
  toBlock?: number;
  /**
   * Newest blocks left out of the reported coverage, instead of the source's own safety margin: 0 for a range
   * below the explorer's newest blocks (a sync that reads a long span in parallel ranges, see history-sync.ts).
   */
  marginBlocks?: number;
  signal?: AbortSignal;
}

export interface HistoryResult {
  /**
   * Every transfer in which the wallet is sender or receiver: ERC-20 transfers (logs), top-level native
   * value transfers (one record per transaction, carrying the fee when the wallet sent it) and internal
   * native transfers (`internal: true`). Oldest first (`compareTransfers`), unique by `transferId`.
   * On a partial result this holds everything that was read, including records above `toBlock`.
   */
  transfers: NormalizedTransfer[];
  /**
   * Highest block such that [fromBlock, toBlock] is fully covered; `fromBlock - 1` when nothing is.
   * The next incremental read starts at `toBlock + 1` (overlap is harmless: ids are stable). Explorer
   * sources keep a safety margin (default 600 blocks) below the end of the range, because explorers
   * index some tables late (internal transactions) and reorgs happen.
   */
  toBlock: number;
  /** True when a provider call failed after its retries (or rows could not be read); see `problems`. */
  partial: boolean;
  /** Human-readable texts naming provider, chain, endpoint and the error. */
  problems: string[];
}

export interface HistorySource {
  name: string;
  /**
   * The chain's own node (no explorer and no explorer's rate limit): a report reads it again however
   * recently it was read (see RECENT_SYNC_MS).
   */
  local?: boolean;
  /** Never throws for provider failures (they become partial + problems); throws for bad input and on abort. */
  fetchTransfers(p: HistoryQuery): Promise<HistoryResult>;
  /**
   * The explorer's newest indexed block, null when it cannot say. Only sources that read a block range at the
   * cost of its records have it (the Etherscan-style `/api`): the sync then reads a long span in parallel ranges.
   */
  headBlock?(chainId: number, signal?: AbortSignal): Promise<number | null>;
  /** The block of the wallet's oldest record, null when it has none or the source cannot say (with headBlock). */
  firstBlock?(chainId: number, address: string, signal?: AbortSignal): Promise<number | null>;
  /** About how many records the wallet's history holds (the explorer's counters), null when unknown. */
  estimateRecords?(chainId: number, address: string, signal?: AbortSignal): Promise<number | null>;
}

export interface DiscoveredToken {
  /** Lower-case contract address. */
  address: string;
  symbol: string | null;
  name: string | null;
  decimals: number | null;
  /** Balance in base units (integer string) as the explorer last indexed it; null when unknown. */
  balance: string | null;
  /** The provider flags the token as probable spam (Moralis `possible_spam`); absent when unknown. */
  possibleSpam?: boolean;
}

export interface DiscoveryQuery {
  chainId: number;
  address: string;
  signal?: AbortSignal;
}

export interface DiscoveryResult {
  /** ERC-20 tokens only (NFTs and the native coin are left out), unique by address. */
  tokens: DiscoveredToken[];
  partial: boolean;
  problems: string[];
}

export interface TokenDiscovery {
  name: string;
  /** Never throws for provider failures; throws for bad input and on abort. */
  discoverTokens(p: DiscoveryQuery): Promise<DiscoveryResult>;
}

/** Native balance as an explorer reports it (base units). */
export interface NativeBalanceResult {
  balance: string | null;
  problems: string[];
}
