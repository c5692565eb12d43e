import type { ChainServices } from "../chain/services.ts";
import { RECENT_SYNC_MS, type SyncProgress, syncHistory } from "../chain/sync/history-sync.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { syncStakes } from "./stakes.ts";

export interface SyncWalletsDeps {
  db: Db;
  chain: Pick<ChainServices, "history" | "hexStakes" | "clients">;
  logger: Logger;
}

export interface SyncWalletsOptions {
  /**
   * Take a wallet's stored history as it is when it was read to the explorer's newest data within
   * RECENT_SYNC_MS (a chain read from its own node is always read again); the result then says when.
   */
  reuseRecent?: boolean;
  /** Also read each wallet's HEX stake events (where the chain has a stake contract). */
  stakes?: boolean;
  /** While a history is read: the records loaded so far. */
  onProgress?: (p: SyncProgress) => void | Promise<void>;
  /** After each wallet and chain, read or not. */
  onSynced?: () => Promise<void>;
}

export interface SyncedHistory {
  /** Chains whose history (of some wallet) is incomplete or could not be read now. */
  incompleteChains: Set<number>;
  /** The oldest read reused instead of asking again (reuseRecent); undefined when every history was read now. */
  historyReadAt: Date | undefined;
}

/**
 * The newest history of every wallet on every chain (incremental: only blocks after the last sync are
 * read), all at once: the upstream client keeps each explorer within its own rate and concurrency limits.
 * The one error policy: a failed sync is logged with its chain and address and names the chain
 * incomplete; the stored history still counts.
 */
export async function syncWallets(
  deps: SyncWalletsDeps,
  wallets: readonly string[],
  chains: readonly number[],
  options: SyncWalletsOptions = {},
): Promise<SyncedHistory> {
  const result: SyncedHistory = { incompleteChains: new Set(), historyReadAt: undefined };
  const pairs = wallets.flatMap((address) => chains.map((chainId) => ({ address, chainId })));
  await Promise.all(
    pairs.map(async ({ address, chainId }) => {
      try {
        await syncWallet(deps, chainId, address, options, result);
      } catch (err) {
        deps.logger.warn({ err, chainId, address }, "ledger: history sync failed");
        result.incompleteChains.add(chainId);
      }
      await options.onSynced?.();
    }),
  );
  return result;
}

async function syncWallet(
  deps: SyncWalletsDeps,
  chainId: number,
  address: string,
  options: SyncWalletsOptions,
  result: SyncedHistory,
): Promise<void> {
  const source = deps.chain.history.get(chainId);
  if (!source) return;
  const outcome = await syncHistory(deps.db, source, chainId, address, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.reuseRecent && !source.local ? { reuseWithinMs: RECENT_SYNC_MS } : {}),
  });
  if (outcome.partial) result.incompleteChains.add(chainId);
  const readAt = outcome.reusedReadAt;
  if (readAt && (!result.historyReadAt || readAt < result.historyReadAt)) result.historyReadAt = readAt;
  if (options.stakes) await syncStakes(deps, chainId, address);
}
