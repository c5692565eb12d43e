import { RewardSenders } from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { loadRewardSources } from "../chain/tokens/reward-sources.ts";
import type { Db } from "../db/client.ts";
import { readIncomeChoices } from "../income-choices/income-choice-store.ts";
import type { Logger } from "../logger.ts";

export interface RewardSenderDeps {
  db: Db;
  /** Each chain's client (the distributors found on chain) and the operator's list. */
  chain: Pick<ChainServices, "clients" | "rewardDistributors">;
  logger: Logger;
}

/**
 * The senders of the one income rule for a user: the distributors the tokens seen in the wallets name
 * on chain (per chain; a failed read is logged and finds none this time), the operator's list and the
 * user's own choices. The tax report, the ROI tracker and the inspector use the same.
 */
export async function rewardSenders(
  deps: RewardSenderDeps,
  userId: string,
  tokensByChain: ReadonlyMap<number, readonly string[]>,
): Promise<RewardSenders> {
  const discovered = new Set<string>();
  for (const [chainId, tokens] of tokensByChain) {
    const client = deps.chain.clients.get(chainId);
    if (!client) continue;
    const found = await loadRewardSources(deps.db, client, chainId, tokens).catch((err) => {
      deps.logger.warn({ err, chainId }, "ledger: reward sources failed");
      return new Set<string>();
    });
    for (const key of found) discovered.add(key);
  }
  const choices = await readIncomeChoices(deps.db, userId);
  return new RewardSenders({ discovered, configured: deps.chain.rewardDistributors, choices });
}
