// The portfolio feature's public face: what other features may use.
export {
  PORTFOLIO_QUERY_KEY,
  portfolioQueryOptions,
  usePortfolio,
  usePortfolioHistory,
  usePortfolioSummary,
} from "./portfolio-api.ts";
