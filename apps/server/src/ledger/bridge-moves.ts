import type { BridgeMoves, OwnWallet } from "@pulsemanager/core";
import { type BridgeChains, storedBridgeMoves, syncBridgeEvents } from "../bridge/bridge-event-sync.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/**
 * The wallets' moves over the official bridge: its events read up to each chain's head (after the
 * history: the native router's deposits are found through the wallets' own transactions), then paired
 * (bridge/ pairs them). Undefined where the installation has no bridge. The sync error policy: a failed
 * read is logged and names every bridge chain in `incompleteChains`; the stored events still count.
 */
export async function bridgeMoves(
  deps: { db: Db; chain: BridgeChains; logger: Logger },
  wallets: readonly OwnWallet[],
  incompleteChains: Set<number>,
): Promise<BridgeMoves | undefined> {
  const { db, chain, logger } = deps;
  if (chain.bridges.size === 0) return undefined;
  try {
    await syncBridgeEvents(db, chain, wallets);
  } catch (err) {
    logger.warn({ err, chains: [...chain.bridges.keys()] }, "ledger: bridge events sync failed");
    for (const chainId of chain.bridges.keys()) incompleteChains.add(chainId);
  }
  return storedBridgeMoves(db, wallets);
}
