import {
  berlinDateOf,
  CHAINS,
  NATIVE,
  type NormalizedTransfer,
  type RoiResult,
  type RoiSourceOwner,
  roiSummary,
} from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { storedTransfers, syncHistory } from "../chain/sync/history-sync.ts";
import { rewardSourceOwners } from "../chain/tokens/reward-sources.ts";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { loadReportPrices } from "../tax-report/report-prices.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { rewardSendersFor } from "./income-rule.ts";
import { payoutTransfers, type TokenInfo, valuePayouts } from "./roi-payouts.ts";

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
 * receipt in USD and EUR, summed by core's roiSummary.
 */
export async function loadRoi(deps: RoiDeps, userId: string): Promise<RoiResult> {
  const { db, chain, logger } = deps;
  const now = Math.floor(deps.now().getTime() / 1000);
  const wallets = [...new Set((await activeWallets(db, userId)).map((w) => w.address.toLowerCase()))];
  const problems: string[] = [];
  const transfers: NormalizedTransfer[] = [];
  for (const [chainId, source] of chain.history) {
    for (const address of wallets) {
      try {
        const outcome = await syncHistory(db, source, chainId, address);
        if (outcome.partial) problems.push(`${chainId}: history incomplete`);
      } catch (err) {
        logger.warn({ err, chainId, address }, "roi: history sync failed");
        problems.push(`${chainId}: history sync failed`);
      }
      transfers.push(...(await storedTransfers(db, chainId, address)));
    }
  }

  const info = new Map<string, TokenInfo>();
  const tokensByChain = new Map<number, string[]>();
  for (const chainId of chain.history.keys()) {
    const client = chain.clients.get(chainId);
    const tokens = [
      ...new Set(transfers.filter((t) => t.chainId === chainId && t.token !== NATIVE).map((t) => t.token)),
    ];
    if (!client) continue;
    tokensByChain.set(chainId, tokens);
    const meta = await loadTokenMetadata(db, client, chainId, tokens).catch(() => new Map());
    for (const token of tokens) {
      const known = chain.registry.get(chainId, token);
      const m = meta.get(token);
      info.set(`${chainId}:${token}`, {
        symbol: known?.symbol ?? m?.symbol ?? "?",
        decimals: known?.decimals ?? m?.decimals ?? 18,
      });
    }
  }

  const senders = await rewardSendersFor(deps, userId, tokensByChain);
  const payouts = payoutTransfers(transfers, new Set(wallets), senders).filter(
    (t) => t.timestamp > now - VALUED_SECONDS && t.timestamp <= now,
  );
  const infoOf = (chainId: number, token: string): TokenInfo =>
    token === NATIVE
      ? { symbol: "PLS", decimals: 18 }
      : (info.get(`${chainId}:${token}`) ?? { symbol: "?", decimals: 18 });
  const usd = await loadReportPrices(
    { historicalPrices: chain.historicalPrices, logger },
    payouts,
    (key) => info.get(key)?.decimals ?? 18,
    async () => undefined,
  );
  const fx = await chain.fx.usdPerEur(payouts.length > 0 ? usd.days() : [berlinDateOf(now)]);
  const owners = await sourceOwners(db, payouts, infoOf);
  const valued = valuePayouts(
    payouts,
    infoOf,
    usd.lookup,
    (day) => fx.rates.get(day),
    (chainId, source) => owners.get(`${chainId}:${source.toLowerCase()}`) ?? null,
  );
  return roiSummary(valued, now, { lastUpdated: deps.now().toISOString(), problems });
}

/** The token each paying contract pays for ("chainId:0xsource" -> owner), named by its symbol. */
async function sourceOwners(
  db: Db,
  payouts: readonly NormalizedTransfer[],
  infoOf: (chainId: number, token: string) => TokenInfo,
): Promise<Map<string, RoiSourceOwner>> {
  const owners = new Map<string, RoiSourceOwner>();
  const chains = new Set(payouts.map((p) => p.chainId));
  for (const chainId of chains) {
    const sources = payouts.filter((p) => p.chainId === chainId).map((p) => p.from);
    const found = await rewardSourceOwners(db, chainId, sources).catch(() => new Map());
    for (const [source, owner] of found) {
      const symbol = infoOf(chainId, owner.token).symbol;
      if (symbol !== "?") owners.set(`${chainId}:${source}`, { token: owner.token, symbol, getter: owner.getter });
    }
  }
  return owners;
}
