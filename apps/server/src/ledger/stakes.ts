import { StakeEvents } from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { storedStakeEvents, syncStakeEvents } from "../chain/sync/stake-event-sync.ts";
import type { Db } from "../db/client.ts";

/** The wallet's HEX stake events up to the chain's head (none where the chain has no stake contract). */
export async function syncStakes(
  deps: { db: Db; chain: Pick<ChainServices, "hexStakes" | "clients"> },
  chainId: number,
  address: string,
): Promise<void> {
  const stakes = deps.chain.hexStakes.get(chainId);
  const client = deps.chain.clients.get(chainId);
  if (stakes && client) await syncStakeEvents(deps.db, client, chainId, stakes, address);
}

/** The stored stake events of every wallet on every chain. */
export async function storedStakes(
  db: Db,
  wallets: readonly string[],
  chains: readonly number[],
): Promise<StakeEvents> {
  const pairs = wallets.flatMap((address) => chains.map((chainId) => ({ address, chainId })));
  return new StakeEvents((await Promise.all(pairs.map((s) => storedStakeEvents(db, s.chainId, s.address)))).flat());
}
