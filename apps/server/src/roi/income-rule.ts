import { RewardSenders } from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { loadRewardSources } from "../chain/tokens/reward-sources.ts";
import type { Db } from "../db/client.ts";
import { readIncomeChoices } from "../income-choices/income-choice-store.ts";

/**
 * The senders of the one income rule for a user, as the ROI tracker uses them: the distributors the
 * tokens seen in the wallets name on chain (per chain; a failed read finds none this time), the
 * operator's list and the user's own choices.
 */
export async function rewardSendersFor(
  deps: { db: Db; chain: Pick<ChainServices, "clients" | "rewardDistributors"> },
  userId: string,
  tokensByChain: ReadonlyMap<number, readonly string[]>,
): Promise<RewardSenders> {
  const discovered = new Set<string>();
  for (const [chainId, tokens] of tokensByChain) {
    const client = deps.chain.clients.get(chainId);
    if (!client) continue;
    for (const key of await loadRewardSources(deps.db, client, chainId, tokens).catch(() => new Set<string>()))
      discovered.add(key);
  }
  const choices = await readIncomeChoices(deps.db, userId);
  return new RewardSenders({ discovered, configured: deps.chain.rewardDistributors, choices });
}
