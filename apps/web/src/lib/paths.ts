/** Every path of the app (docs/product/shell-and-pages.md, "Routes"). */
export const PATHS = {
  home: "/",
  dashboard: "/dashboard",
  portfolio: "/portfolio",
  roiTracker: "/roi-tracker",
  walletReport: "/wallet-report",
  taxPlanning: "/tax-planning",
  pulsechainInfo: "/pulsechain-info",
  market: "/market",
  marketToken: "/market/:chainId/:address",
  tracker: "/tracker",
  trade: "/trade",
  bridge: "/bridge",
  yieldOptimizer: "/yield-optimizer",
  debug: "/debug",
  academy: "/academy",
  settings: "/settings",
  subscription: "/subscription",
  login: "/auth/login",
  register: "/auth/register",
  authCallback: "/auth/callback",
  resetPassword: "/auth/reset-password",
  updatePassword: "/update-password",
  disclaimer: "/disclaimer",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  devOutbox: "/dev/outbox",
  unsubscribe: "/unsubscribe",
} as const;

/** The token page of the market overview. */
export function marketTokenPath(chainId: number, address: string): string {
  return `/market/${chainId}/${address}`;
}

/** Old and short paths that lead to a canonical one. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  "/auth": PATHS.login,
  "/login": PATHS.login,
  "/register": PATHS.register,
  "/wallet": PATHS.portfolio,
  "/pulsechain-roi": PATHS.roiTracker,
  "/roi": PATHS.roiTracker,
  "/tax": PATHS.walletReport,
  "/terms": PATHS.termsOfService,
  "/privacy": PATHS.privacyPolicy,
};

/** Behind login, inside the main layout. */
export const PROTECTED_PATHS: readonly string[] = [
  PATHS.home,
  PATHS.dashboard,
  PATHS.portfolio,
  PATHS.roiTracker,
  PATHS.walletReport,
  PATHS.taxPlanning,
  PATHS.pulsechainInfo,
  PATHS.market,
  PATHS.marketToken,
  PATHS.tracker,
  PATHS.trade,
  PATHS.bridge,
  PATHS.yieldOptimizer,
  PATHS.debug,
  PATHS.academy,
  PATHS.settings,
  PATHS.subscription,
];

/** Only for visitors: a signed-in user is sent on. */
export const GUEST_PATHS: readonly string[] = [PATHS.login, PATHS.register];

/** Open to everybody, signed in or not. */
export const PUBLIC_PATHS: readonly string[] = [
  PATHS.authCallback,
  PATHS.resetPassword,
  PATHS.updatePassword,
  PATHS.disclaimer,
  PATHS.privacyPolicy,
  PATHS.termsOfService,
  PATHS.devOutbox,
  PATHS.unsubscribe,
];

/** Where a signed-in user lands by default. */
export const DEFAULT_AUTHENTICATED_PATH = PATHS.dashboard;
