import {
  berlinDateOf,
  NATIVE,
  type NormalizedTransfer,
  type RoiPayout,
  type RoiResult,
  type RoiSourceOwner,
  roiSummary,
} from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { tokensSeen } from "../chain/sync/history-sync.ts";
import { rewardSourceOwners } from "../chain/tokens/reward-sources.ts";
import type { Db } from "../db/client.ts";
import { loadDayPrices } from "../ledger/day-prices.ts";
import { eurRates } from "../ledger/eur-rates.ts";
import { incomingTransfers } from "../ledger/incoming-transfers.ts";
import { type RewardSenderDeps, rewardSenders } from "../ledger/reward-senders.ts";
import { type SyncWalletsDeps, syncWallets } from "../ledger/sync-wallets.ts";
import { assetFacts, type TokenFactsDeps } from "../ledger/token-facts.ts";
import type { Logger } from "../logger.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { payoutTokenInfo, payoutTransfers, type TokenInfo, valuePayouts } from "./roi-payouts.ts";

/** The ledger's reads the ROI tracker uses (history, token facts, reward senders), day prices and euro rates. */
export type RoiChain = SyncWalletsDeps["chain"] &
  TokenFactsDeps["chain"] &
  RewardSenderDeps["chain"] &
  Pick<ChainServices, "historicalPrices" | "fx">;

export interface RoiDeps {
  db: Db;
  chain: RoiChain;
  logger: Logger;
  now: () => Date;
}

/** Payouts are valued back this far (the tracker's per-month series covers 24 months). */
const VALUED_SECONDS = 731 * 86_400;

/**
 * The ROI figures of a user's saved wallets over their synced history (incremental: only new blocks
 * are read): payouts found by the one income rule with distributors discovered on chain, valued at
 * receipt in USD and EUR, summed by core's roiSummary. Only the transfers into the wallets within the
 * valued window are read; each price day and rate is parsed once.
 */
export async function loadRoi(deps: RoiDeps, userId: string): Promise<RoiResult> {
  const now = Math.floor(deps.now().getTime() / 1000);
  const { payouts, problems } = await loadRoiPayouts(deps, userId, VALUED_SECONDS);
  return roiSummary(payouts, now, { lastUpdated: deps.now().toISOString(), problems });
}

/**
 * The user's payouts of the last `seconds` before now, valued at receipt (the tracker's figures and the
 * income alerts read the same list), and the problems of reading the histories.
 */
export async function loadRoiPayouts(
  deps: RoiDeps,
  userId: string,
  seconds: number,
): Promise<{ payouts: RoiPayout[]; problems: string[]; incompleteChains: number[] }> {
  const { db, chain, logger } = deps;
  const now = Math.floor(deps.now().getTime() / 1000);
  const wallets = [...new Set((await activeWallets(db, userId)).map((w) => w.address.toLowerCase()))];
  const { incoming, tokensByChain, problems, incompleteChains } = await readHistories(deps, wallets, {
    after: now - seconds,
    upTo: now,
  });
  const info = await assetFacts(deps, tokensByChain);
  const senders = await rewardSenders(deps, userId, tokensByChain);
  const payouts = payoutTransfers(incoming, new Set(wallets), senders);
  const infoOf = payoutTokenInfo(info);
  const usd = await loadDayPrices(
    { historicalPrices: chain.historicalPrices, logger },
    payouts,
    (key) => info.get(key)?.decimals ?? 18,
    async () => undefined,
  );
  const [rateOn, owners] = await Promise.all([
    eurRates(chain.fx, payouts.length > 0 ? usd.days() : [berlinDateOf(now)]),
    sourceOwners(db, payouts, infoOf),
  ]);
  const valued = valuePayouts(
    payouts,
    infoOf,
    usd.lookup,
    rateOn,
    (chainId, source) => owners.get(`${chainId}:${source.toLowerCase()}`) ?? null,
  );
  return { payouts: valued, problems, incompleteChains };
}

/**
 * Each wallet's history synced (the ledger's one policy: a chain that could not be read is named in
 * the problems), then the transfers into it within the window and the tokens it ever moved (for the
 * distributors' detection and the token facts).
 */
async function readHistories(deps: RoiDeps, wallets: readonly string[], window: { after: number; upTo: number }) {
  const chains = [...deps.chain.history.keys()];
  const { incompleteChains } = await syncWallets(deps, wallets, chains);
  const perChain = await Promise.all(
    chains.map(async (chainId) => {
      const incoming: NormalizedTransfer[] = [];
      const tokens = new Set<string>();
      for (const address of wallets) {
        const [into, seen] = await Promise.all([
          incomingTransfers(deps.db, chainId, address, window),
          tokensSeen(deps.db, chainId, address),
        ]);
        for (const t of into) incoming.push(t);
        for (const token of seen) if (token !== NATIVE) tokens.add(token);
      }
      return { chainId, incoming, tokens: [...tokens] };
    }),
  );
  const tokensByChain = new Map<number, string[]>();
  for (const c of perChain) if (deps.chain.clients.has(c.chainId)) tokensByChain.set(c.chainId, c.tokens);
  return {
    incoming: perChain.flatMap((c) => c.incoming),
    tokensByChain,
    incompleteChains: chains.filter((chainId) => incompleteChains.has(chainId)),
    problems: chains
      .filter((chainId) => incompleteChains.has(chainId))
      .map((chainId) => `${chainId}: history incomplete`),
  };
}

/** The token each paying contract pays for ("chainId:0xsource" -> owner), named by its symbol. */
async function sourceOwners(
  db: Db,
  payouts: readonly NormalizedTransfer[],
  infoOf: (chainId: number, token: string) => TokenInfo,
): Promise<Map<string, RoiSourceOwner>> {
  const owners = new Map<string, RoiSourceOwner>();
  const sourcesByChain = new Map<number, Set<string>>();
  for (const p of payouts) {
    let sources = sourcesByChain.get(p.chainId);
    if (!sources) {
      sources = new Set();
      sourcesByChain.set(p.chainId, sources);
    }
    sources.add(p.from);
  }
  for (const [chainId, sources] of sourcesByChain) {
    const found = await rewardSourceOwners(db, chainId, [...sources]).catch(() => new Map());
    for (const [source, owner] of found) {
      const symbol = infoOf(chainId, owner.token).symbol;
      if (symbol !== "?") owners.set(`${chainId}:${source}`, { token: owner.token, symbol, getter: owner.getter });
    }
  }
  return owners;
}
