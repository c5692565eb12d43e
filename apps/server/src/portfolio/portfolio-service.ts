import {
  berlinDateOf,
  D,
  includedTokenKeys,
  PORTFOLIO_CHAINS,
  type PortfolioResult,
  type RoiResult,
  type TokenHolding,
} from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import type { Db } from "../db/client.ts";
import { positionTotals, positionValues } from "../positions/position-totals.ts";
import { walletsByAddress } from "../positions/wallet-values.ts";
import { readTokenChoices } from "../token-choices/token-choice-store.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { type ChainLoadServices, failedChain, loadChain } from "./chain-load.ts";
import { displayRateOn } from "./display-rates.ts";

export interface PortfolioDeps {
  db: Db;
  /** Each chain's load, the euro rates for the display currency, the call meter for the answer's count. */
  chain: ChainLoadServices & Pick<ChainServices, "fx" | "meter">;
  now: () => Date;
  /** The ROI figures (roiTransactions, dailyROI, monthlyROI) from the ROI service; none or null: empty. */
  roi?: (userId: string) => Promise<RoiResult | null>;
}

/**
 * The portfolio load (docs/product/wallets-and-portfolio.md): every active wallet on both chains, native coin and
 * tokens, valued by address. A chain that fails is reported, the rest still counts.
 */
export async function loadPortfolio(deps: PortfolioDeps, userId: string): Promise<PortfolioResult> {
  const started = performance.now();
  const callsBefore = deps.chain.meter.total;
  const rows = await activeWallets(deps.db, userId);
  const addresses = [...new Set(rows.map((w) => w.address))];
  const includedBack = includedTokenKeys(await readTokenChoices(deps.db, userId));

  const roi = deps.roi?.(userId).catch(() => null) ?? Promise.resolve(null);
  const rate = displayRateOn(deps.chain.fx, berlinDateOf(Math.floor(deps.now().getTime() / 1000)));
  const loads = await Promise.all(
    PORTFOLIO_CHAINS.map((chainId) =>
      loadChain(deps, chainId, addresses, includedBack).catch((err) => failedChain(chainId, err, addresses)),
    ),
  );

  const all = loads.flatMap((l) => l.holdings);
  const included = all.filter((h) => h.isIncludedInPortfolio);
  const positions = loads.flatMap((l) => l.positions);
  const totals = positionTotals(positions);
  const tokenTotal = included.reduce((s, h) => s.add(h.value), new D(0));
  // Tokens, liquidity and stakes: each counted once (an LP token is a position, never a token row).
  const total = tokenTotal.add(totals.liquidity).add(totals.staked);
  const sorted = byValue(all);
  const tokens: TokenHolding[] = sorted.map((h, i) => ({
    ...h,
    holdingRank: i + 1,
    percentageOfPortfolio:
      h.isIncludedInPortfolio && total.gt(0) ? new D(h.value).div(total).mul(100).toFixed(2) : "0.00",
  }));
  const readFailures = loads.flatMap((l) => l.unread);
  const wallets = walletsByAddress(rows, [...included, ...positionValues(positions)], readFailures);
  const problems = loads.flatMap((l) => l.problems);
  const now = deps.now().toISOString();
  const reasons =
    rows.length === 0 ? ["No wallets found"] : tokens.length === 0 ? ["No tokens with a balance found"] : [];

  const income = await roi;
  return {
    success: problems.length === 0,
    isLoaded: true,
    userId,
    totalValue: total.toFixed(2),
    tokens,
    tokenCount: tokens.length,
    positions,
    positionTotals: { liquidity: totals.liquidity.toFixed(), staked: totals.staked.toFixed() },
    wallets,
    walletCount: wallets.length,
    roiTransactions: income?.roiTransactions ?? [],
    dailyROI: income?.dailyROI.usd ?? "0",
    monthlyROI: income?.monthlyROI.usd ?? "0",
    roiIncluded: Boolean(income),
    taxTransactions: [],
    dataSource: [...new Set(loads.flatMap((l) => l.sources))].join("+") || "none",
    lastUpdated: now,
    fromCache: false,
    apiCalls: deps.chain.meter.total - callsBefore,
    debug: {
      pricesUpdated: loads.reduce((s, l) => s + l.prices, 0),
      priceSource: [...new Set(tokens.map((t) => t.priceSource))].join(","),
      apiCalls: deps.chain.meter.total - callsBefore,
      lastPriceUpdate: now,
      tokensWithZeroPrice: tokens.filter((t) => t.price === null).length,
      tokensWithZeroValue: tokens.filter((t) => new D(t.value).isZero()).length,
      roiTransactionsWithZeroValue: income?.roiTransactions.filter((p) => p.value === null || p.dust).length ?? 0,
      problems,
      excludedTokens: loads.flatMap((l) => l.excluded),
      loadMs: Math.round(performance.now() - started),
    },
    summary: { reasons },
    error: problems.length > 0 ? problems.join("; ") : null,
    readFailures,
    // Free at once; the cache moves it on after a refresh of the user (portfolio-cache.ts).
    refreshAvailableAt: now,
    stale: false,
    fx: await rate,
  };
}

const symbolOrder = new Intl.Collator().compare;

/** Highest value first, then by symbol (each value parsed once, not at every comparison). */
function byValue<T extends { value: string; symbol: string }>(rows: readonly T[]): T[] {
  const keyed = rows.map((row) => ({ row, value: new D(row.value) }));
  keyed.sort((a, b) => b.value.cmp(a.value) || symbolOrder(a.row.symbol, b.row.symbol));
  return keyed.map((k) => k.row);
}
