// The market feature's public face: what other features may use.
export { ChangeText } from "./change-text.tsx";
export { FreshnessNote } from "./freshness-note.tsx";
export { useHeldMovers, useMarketMovers, useMarketPairs } from "./market-api.ts";
export { changeDirection, priceOrDash, usdOrDash } from "./market-figures.ts";
export { SupplyFigures } from "./supply-figures.tsx";
export { dexName } from "./token-pools.tsx";
export { useWatchlist } from "./watchlist-api.ts";
