import type { ChartRange, MarketTimeframe } from "@pulsemanager/core";

/**
 * Every React Query key of the app but the two the boot chunk needs ("me" and "config", in
 * boot-query-keys.ts: a module the sign-in page loads first carries all its bindings). A key's first part
 * names what it caches: asking again for a key's prefix asks again for everything under it (the
 * portfolio's summary and history under "portfolio"), and signing out keeps only "me" and "config"
 * (state/session/end-session.ts).
 */

// Account.
export const USER_SETTINGS_QUERY_KEY = ["settings"] as const;
/** The alerts' settings (GET /api/notifications/settings). */
export const ALERT_SETTINGS_QUERY_KEY = ["notifications", "settings"] as const;
/** The newest notifications and the unread count (GET /api/notifications): the bell and the settings' list. */
export const NOTIFICATIONS_QUERY_KEY = ["notifications", "list"] as const;
export const verifyEmailQueryKey = (token: string | null) => ["verify-email", token] as const;

// Wallets and what is computed from them.
export const WALLETS_QUERY_KEY = ["wallets"] as const;
export const PORTFOLIO_QUERY_KEY = ["portfolio"] as const;
export const PORTFOLIO_HISTORY_QUERY_KEY = ["portfolio", "history"] as const;
/** Under the portfolio's key: whatever drops the portfolio (a wallet added, a token choice) drops the summary too. */
export const PORTFOLIO_SUMMARY_QUERY_KEY = ["portfolio", "summary"] as const;
export const TOKEN_CHOICES_QUERY_KEY = ["token-choices"] as const;
export const INCOME_CHOICES_QUERY_KEY = ["income-choices"] as const;
export const ROI_QUERY_KEY = ["roi"] as const;
export const INVESTMENTS_QUERY_KEY = ["investments"] as const;

// The tax report.
/** The user's recent report jobs (GET /api/wallet-report), as the report page lists them. */
export const REPORT_JOBS_QUERY_KEY = ["wallet-report", "jobs"] as const;
/** The last report at a glance, under the jobs' key: whatever asks for the jobs again asks for this too. */
export const LAST_REPORT_QUERY_KEY = [...REPORT_JOBS_QUERY_KEY, "last"] as const;
/** The monthly archive of reports ("Bericht monatlich sichern"). */
export const REPORT_ARCHIVE_QUERY_KEY = ["wallet-report", "archive"] as const;
export const TAX_UNKNOWNS_QUERY_KEY = ["tax", "unknowns"] as const;
export const taxUnknownsQueryKey = (year: number) => [...TAX_UNKNOWNS_QUERY_KEY, year] as const;
/** The tax planning's open lots of today. */
export const OPEN_LOTS_QUERY_KEY = ["tax", "open-lots"] as const;

// The market.
export const marketPairsQueryKey = (chainId: number, limit: number) => ["market", "pairs", chainId, limit] as const;
export const marketMoversQueryKey = (chainId: number, timeframe: MarketTimeframe) =>
  ["market", "movers", chainId, timeframe] as const;
/** The movers among the user's tokens: asked again after his wallets change (his holdings did). */
export const HELD_MOVERS_QUERY_KEY = ["market", "held-movers"] as const;
export const heldMoversQueryKey = (timeframe: MarketTimeframe) => [...HELD_MOVERS_QUERY_KEY, timeframe] as const;
export const tokenSearchQueryKey = (q: string) => ["market", "tokens", q] as const;
export const tokenDetailQueryKey = (chainId: number, address: string, range: ChartRange) =>
  ["market", "token", chainId, address, range] as const;
export const WATCHLIST_QUERY_KEY = ["watchlist"] as const;
export const trackerQueryKey = (address: string, timeframe: MarketTimeframe) =>
  ["tracker", address, timeframe] as const;
export const BRIDGE_TOKENS_QUERY_KEY = ["bridge", "tokens"] as const;
export const YIELD_EXAMPLES_QUERY_KEY = ["yield", "examples"] as const;
export const newsQueryKey = (language: string) => ["news", language] as const;

// Diagnostics.
export const COMPUTE_UNITS_QUERY_KEY = ["debug", "compute-units"] as const;
export const DEV_OUTBOX_QUERY_KEY = ["dev-outbox"] as const;
/** The user's imported exchange accounts; an account's rows under it. */
export const IMPORT_ACCOUNTS_QUERY_KEY = ["imports"] as const;
export const IMPORT_HOLDINGS_QUERY_KEY = [...IMPORT_ACCOUNTS_QUERY_KEY, "holdings"] as const;
export const importRowsQueryKey = (accountId: string) => [...IMPORT_ACCOUNTS_QUERY_KEY, accountId, "rows"] as const;
