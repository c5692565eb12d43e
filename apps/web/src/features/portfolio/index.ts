// The portfolio feature's public face: what other features may use.
export {
  portfolioQueryOptions,
  usePortfolio,
  usePortfolioHistory,
  usePortfolioSummary,
} from "./portfolio-api.ts";
