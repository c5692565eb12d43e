import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { configQueryOptions } from "../features/config/config-query.ts";
import { MinimalLayout } from "../features/shell/minimal-layout.tsx";
import { loadNamespaces } from "../i18n/index.ts";
import { PATHS, REDIRECTS } from "../lib/paths.ts";
import { BootScreen } from "./boot-screen.tsx";
import { GuestOnly } from "./guest-only.tsx";
import { RequireAuth } from "./require-auth.tsx";
import { RootRoute } from "./root-route.tsx";
import { RouteErrorScreen } from "./route-error-screen.tsx";

/**
 * A lazy route module: each page becomes its own chunk, loaded together with the translation
 * namespaces it shows (so it does not wait for them once it is there).
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: string[] = [],
  prefetch?: () => Promise<void>,
): RouteObject["lazy"] {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces), prefetch?.()]);
    return { Component: module.default };
  };
}

const dashboard = page(
  () => import("../features/dashboard/dashboard-page.tsx"),
  ["dashboard", "currency", "news", "market"],
);
const resetPassword = page(() => import("../features/auth/reset-password-page.tsx"));
const legal = ["legal"];
const walletPages = ["wallets", "reader", "portfolio", "currency"];
// The signed-in shell (sidebar, plan card, subscription modal) is not part of the sign-in pages' load.
const mainLayout: RouteObject["lazy"] = async () => {
  const [module] = await Promise.all([
    import("../features/shell/main-layout.tsx"),
    loadNamespaces(["shell", "subscription"]),
  ]);
  return { Component: module.MainLayout };
};

/**
 * The sign-in pages show the mail-outbox hint from the public config: they wait for its answer (asked
 * for at boot) so the hint does not push the footer once they are there. A failed answer does not hold them.
 */
function awaitConfig(queryClient: QueryClient): Promise<void> {
  return queryClient.ensureQueryData(configQueryOptions).then(
    () => undefined,
    () => undefined,
  );
}

/** The portfolio answer is asked for while the page's code loads, not after it has rendered. */
function prefetchPortfolio(queryClient: QueryClient): Promise<void> {
  return import("../features/portfolio/portfolio-api.ts").then((m) => {
    void queryClient.prefetchQuery(m.portfolioQueryOptions);
  });
}

export const routesWith = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      ...Object.entries(REDIRECTS).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
      {
        element: <MinimalLayout />,
        errorElement: <RouteErrorScreen />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              {
                path: PATHS.login,
                lazy: page(
                  () => import("../features/auth/login-page.tsx"),
                  [],
                  () => awaitConfig(queryClient),
                ),
              },
              {
                path: PATHS.register,
                lazy: page(
                  () => import("../features/auth/register-page.tsx"),
                  [],
                  () => awaitConfig(queryClient),
                ),
              },
            ],
          },
          { path: PATHS.authCallback, lazy: page(() => import("../features/auth/callback-page.tsx")) },
          { path: PATHS.resetPassword, lazy: resetPassword },
          { path: PATHS.updatePassword, lazy: resetPassword },
          { path: PATHS.disclaimer, lazy: page(() => import("../features/legal/disclaimer-page.tsx"), legal) },
          { path: PATHS.privacyPolicy, lazy: page(() => import("../features/legal/privacy-policy-page.tsx"), legal) },
          {
            path: PATHS.termsOfService,
            lazy: page(() => import("../features/legal/terms-of-service-page.tsx"), legal),
          },
          { path: PATHS.devOutbox, lazy: page(() => import("../features/dev-outbox/outbox-page.tsx"), ["outbox"]) },
          { path: "*", lazy: page(() => import("../features/not-found/not-found-page.tsx")) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: mainLayout,
            errorElement: <RouteErrorScreen />,
            children: [
              { index: true, lazy: dashboard },
              { path: PATHS.dashboard, lazy: dashboard },
              {
                path: PATHS.portfolio,
                lazy: page(
                  () => import("../features/portfolio/portfolio-page.tsx"),
                  walletPages,
                  () => prefetchPortfolio(queryClient),
                ),
              },
              {
                path: PATHS.roiTracker,
                lazy: page(() => import("../features/roi-tracker/roi-tracker-page.tsx"), ["roi"]),
              },
              {
                path: PATHS.walletReport,
                lazy: page(
                  () => import("../features/wallet-report/wallet-report-page.tsx"),
                  ["wallet-report", ...walletPages],
                ),
              },
              {
                path: PATHS.pulsechainInfo,
                lazy: page(() => import("../features/pulsechain-info/pulsechain-info-page.tsx"), ["pulsechain-info"]),
              },
              { path: PATHS.market, lazy: page(() => import("../features/market/market-page.tsx"), ["market"]) },
              { path: PATHS.marketToken, lazy: page(() => import("../features/market/token-page.tsx"), ["market"]) },
              {
                path: PATHS.tracker,
                lazy: page(() => import("../features/tracker/tracker-page.tsx"), ["tracker", "market", "reader"]),
              },
              { path: PATHS.trade, lazy: page(() => import("../features/trade/trade-page.tsx"), ["trade"]) },
              { path: PATHS.bridge, lazy: page(() => import("../features/bridge/bridge-page.tsx"), ["bridge"]) },
              {
                path: PATHS.yieldOptimizer,
                lazy: page(() => import("../features/yield/yield-page.tsx"), ["yield"]),
              },
              {
                path: PATHS.debug,
                lazy: page(() => import("../features/debug/debug-page.tsx"), ["debug-monitor", "debug"]),
              },
              { path: PATHS.academy, lazy: page(() => import("../features/academy/academy-page.tsx"), ["academy"]) },
              {
                path: PATHS.settings,
                lazy: page(() => import("../features/settings/settings-page.tsx"), ["settings", ...walletPages]),
              },
              {
                path: PATHS.subscription,
                lazy: page(() => import("../features/subscription/subscription-page.tsx"), ["subscription"]),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(routesWith(queryClient));
}
