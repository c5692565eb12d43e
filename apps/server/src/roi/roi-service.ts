import {
  berlinDateOf,
  NATIVE,
  type NormalizedTransfer,
  type RoiResult,
  type RoiSourceOwner,
  roiSummary,
} from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { syncHistory, tokensSeen } from "../chain/sync/history-sync.ts";
import { rewardSourceOwners } from "../chain/tokens/reward-sources.ts";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { loadReportPrices } from "../tax-report/report-prices.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { rewardSendersFor } from "./income-rule.ts";
import { payoutTokenInfo, payoutTransfers, type TokenInfo, valuePayouts } from "./roi-payouts.ts";
import { incomingTransfers } from "./roi-reads.ts";

export interface RoiDeps {
  db: Db;
  chain: ChainServices;
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
  const { db, chain, logger } = deps;
  const now = Math.floor(deps.now().getTime() / 1000);
  const wallets = [...new Set((await activeWallets(db, userId)).map((w) => w.address.toLowerCase()))];
  const { incoming, tokensByChain, problems } = await readHistories(deps, wallets, {
    after: now - VALUED_SECONDS,
    upTo: now,
  });
  const info = await tokenInfos(deps, tokensByChain);
  const senders = await rewardSendersFor(deps, userId, tokensByChain);
  const payouts = payoutTransfers(incoming, new Set(wallets), senders);
  const infoOf = payoutTokenInfo(info);
  const usd = await loadReportPrices(
    { historicalPrices: chain.historicalPrices, logger },
    payouts,
    (key) => info.get(key)?.decimals ?? 18,
    async () => undefined,
  );
  const [fx, owners] = await Promise.all([
    chain.fx.usdPerEur(payouts.length > 0 ? usd.days() : [berlinDateOf(now)]),
    sourceOwners(db, payouts, infoOf),
  ]);
  const valued = valuePayouts(
    payouts,
    infoOf,
    usd.lookup,
    (day) => fx.rates.get(day),
    (chainId, source) => owners.get(`${chainId}:${source.toLowerCase()}`) ?? null,
  );
  return roiSummary(valued, now, { lastUpdated: deps.now().toISOString(), problems });
}

/**
 * Each wallet's history synced (chains side by side), then the transfers into it within the window
 * and the tokens it ever moved (for the distributors' detection and the token facts).
 */
async function readHistories(deps: RoiDeps, wallets: readonly string[], window: { after: number; upTo: number }) {
  const perChain = await Promise.all(
    [...deps.chain.history].map(async ([chainId, source]) => {
      const problems: string[] = [];
      const incoming: NormalizedTransfer[] = [];
      const tokens = new Set<string>();
      for (const address of wallets) {
        try {
          const outcome = await syncHistory(deps.db, source, chainId, address);
          if (outcome.partial) problems.push(`${chainId}: history incomplete`);
        } catch (err) {
          deps.logger.warn({ err, chainId, address }, "roi: history sync failed");
          problems.push(`${chainId}: history sync failed`);
        }
        const [into, seen] = await Promise.all([
          incomingTransfers(deps.db, chainId, address, window),
          tokensSeen(deps.db, chainId, address),
        ]);
        for (const t of into) incoming.push(t);
        for (const token of seen) if (token !== NATIVE) tokens.add(token);
      }
      return { chainId, incoming, tokens: [...tokens], problems };
    }),
  );
  const tokensByChain = new Map<number, string[]>();
  for (const c of perChain) if (deps.chain.clients.has(c.chainId)) tokensByChain.set(c.chainId, c.tokens);
  return {
    incoming: perChain.flatMap((c) => c.incoming),
    tokensByChain,
    problems: perChain.flatMap((c) => c.problems),
  };
}

/** Symbol and decimals of the tokens: the registry's, else the stored or read token facts. */
async function tokenInfos(
  deps: RoiDeps,
  tokensByChain: ReadonlyMap<number, readonly string[]>,
): Promise<Map<string, TokenInfo>> {
  const info = new Map<string, TokenInfo>();
  for (const [chainId, tokens] of tokensByChain) {
    const client = deps.chain.clients.get(chainId);
    if (!client) continue;
    const meta = await loadTokenMetadata(deps.db, client, chainId, tokens).catch(() => new Map());
    for (const token of tokens) {
      const known = deps.chain.registry.get(chainId, token);
      const m = meta.get(token);
      info.set(`${chainId}:${token}`, {
        symbol: known?.symbol ?? m?.symbol ?? "?",
        decimals: known?.decimals ?? m?.decimals ?? 18,
      });
    }
  }
  return info;
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
