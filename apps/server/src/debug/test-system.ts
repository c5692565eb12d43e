import {
  dataQualityChecks,
  type PortfolioResult,
  systemStatus,
  type TestSystemResult,
  valueInconsistencies,
} from "@pulsemanager/core";
import { count, inArray, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transfers } from "../db/schema.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { type ProbedServices, probeEndpoints } from "./endpoint-probes.ts";

export interface TestSystemDeps {
  db: Db;
  chain: ProbedServices;
  now: () => Date;
  /** The user's portfolio as the portfolio page gets it (cached for 10 minutes). */
  portfolio: (userId: string) => Promise<PortfolioResult>;
}

/** Stored transfers of the user's wallets on every chain (their synced history). */
async function transactionCount(db: Db, userId: string): Promise<number> {
  const wallets = [...new Set((await activeWallets(db, userId)).map((w) => w.address.toLowerCase()))];
  if (wallets.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(transfers)
    .where(or(inArray(transfers.fromAddress, wallets), inArray(transfers.toAddress, wallets)));
  return Number(row?.n ?? 0);
}

const tokenRow = (t: PortfolioResult["tokens"][number]) => ({
  symbol: t.symbol,
  chainId: t.chainId,
  contractAddress: t.contractAddress,
  value: t.value,
  priceSource: t.priceSource,
});

/**
 * The debug monitor's run for one user: their portfolio (load time), every upstream of the
 * installation, the data-quality checks and whether the numbers add up. Only the user's own data.
 */
export async function testSystem(deps: TestSystemDeps, userId: string): Promise<TestSystemResult> {
  const started = performance.now();
  const ranAt = deps.now();
  const probes = probeEndpoints(deps.chain, ranAt);
  const t0 = performance.now();
  const p = await deps.portfolio(userId);
  const portfolioMs = Math.round(performance.now() - t0);
  // After the portfolio: its load syncs the history that is counted here.
  const [endpoints, transactions] = await Promise.all([probes, transactionCount(deps.db, userId)]);
  const checks = dataQualityChecks(p, { transactionCount: transactions });
  const inconsistencies = valueInconsistencies(p);
  const payouts = p.roiTransactions as {
    tokenSymbol: string;
    timeStamp: number;
    amount: string;
    value: string | null;
  }[];
  return {
    ...systemStatus(checks, endpoints, inconsistencies, { walletCount: p.wallets.length }),
    ranAt: ranAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    checks,
    endpoints,
    inconsistencies,
    portfolio: {
      loadMs: p.fromCache ? portfolioMs : Math.max(portfolioMs, p.debug.loadMs),
      fromCache: p.fromCache,
      totalValue: p.totalValue,
      tokenCount: p.tokens.length,
      transactionCount: transactions,
      missingPriceCount: p.tokens.filter((t) => t.price === null).length,
      missingPrices: p.tokens
        .filter((t) => t.price === null)
        .slice(0, 10)
        .map(tokenRow),
      zeroValuePayouts: payouts
        .filter((r) => r.value === null || /^0(\.0*)?$/.test(r.value))
        .slice(0, 10)
        .map(({ tokenSymbol, timeStamp, amount }) => ({ tokenSymbol, timeStamp, amount })),
      topTokens: [...p.tokens]
        .sort((a, b) => b.holdingRank - a.holdingRank)
        .reverse()
        .slice(0, 8)
        .map(tokenRow),
    },
  };
}
