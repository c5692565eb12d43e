import type { PortfolioResult, PortfolioSummary } from "./portfolio-api.ts";

/**
 * The summary of a portfolio result (what GET /api/portfolio/summary answers). In a file of its own,
 * without the schemas: a page that only shows the summary does not build them.
 */
export function portfolioSummaryOf(result: PortfolioResult): PortfolioSummary {
  const { totalValue, tokenCount, walletCount, lastUpdated, fromCache, stale, fx } = result;
  return { totalValue, tokenCount, walletCount, lastUpdated, fromCache, stale, fx };
}
