import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, Suspense } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { MinimalLayout } from "../features/shell/minimal-layout.tsx";
import { PageLoading } from "../features/shell/page-loading.tsx";
import { loadNamespaces } from "../i18n/index.ts";
import { lazyComponent } from "../lib/lazy-component.tsx";
import { PATHS, REDIRECTS } from "../lib/paths.ts";
import { configQueryOptions } from "../state/config/config-query.ts";
import { GuestOnly } from "./guest-only.tsx";
import { RequireAuth } from "./require-auth.tsx";
import { RootRoute } from "./root-route.tsx";

/** What a route loads lazily: started for every matched route as soon as the address changes. */
export interface RouteHandle {
  preload: () => Promise<void>;
}

let pageCount = 0;

/**
 * A lazy page: its own chunk, loaded together with the translation namespaces it shows (so it does
 * not wait for them once it is there). While it loads, the layout shows "Lade Seite..." in place of the
 * previous page: each page has its own Suspense boundary (own key), so a navigation shows its fallback.
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: string[] = [],
  prefetch?: () => Promise<void>,
): Pick<RouteObject, "element" | "handle"> {
  const Page = lazyComponent(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces), prefetch?.()]);
    return module.default;
  });
  const handle: RouteHandle = { preload: Page.preload };
  return {
    element: (
      <Suspense key={`page-${++pageCount}`} fallback={<PageLoading />}>
        <Page />
      </Suspense>
    ),
    handle,
  };
}

const dashboard = page(() => import("./dashboard/dashboard-page.tsx"), ["dashboard", "currency", "news", "market"]);
const resetPassword = page(() => import("../features/auth/reset-password-page.tsx"));
const legal = ["legal"];
const walletPages = ["wallets", "reader", "portfolio", "currency", "imports"];
// The signed-in shell (sidebar, plan card, subscription modal) is not part of the sign-in pages' load.
// While it loads the previous screen stays (navigations are transitions; the first load waits in app.tsx).
const MainLayout = lazyComponent(async () => {
  const [module] = await Promise.all([
    import("../features/shell/main-layout.tsx"),
    loadNamespaces(["shell", "layout", "subscription", "notifications"]),
  ]);
  return module.MainLayout;
});
const mainLayout: Pick<RouteObject, "element" | "handle"> = {
  element: <MainLayout />,
  handle: { preload: MainLayout.preload } satisfies RouteHandle,
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

/** The pages in the minimal layout: signing in (guests only), the auth links, the legal pages, not found. */
function minimalRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <GuestOnly />,
      children: [
        {
          path: PATHS.login,
          ...page(
            () => import("../features/auth/login-page.tsx"),
            [],
            () => awaitConfig(queryClient),
          ),
        },
        {
          path: PATHS.register,
          ...page(
            () => import("../features/auth/register-page.tsx"),
            [],
            () => awaitConfig(queryClient),
          ),
        },
      ],
    },
    { path: PATHS.authCallback, ...page(() => import("../features/auth/callback-page.tsx")) },
    { path: PATHS.resetPassword, ...resetPassword },
    { path: PATHS.updatePassword, ...resetPassword },
    { path: PATHS.disclaimer, ...page(() => import("../features/legal/disclaimer-page.tsx"), legal) },
    { path: PATHS.privacyPolicy, ...page(() => import("../features/legal/privacy-policy-page.tsx"), legal) },
    {
      path: PATHS.termsOfService,
      ...page(() => import("../features/legal/terms-of-service-page.tsx"), legal),
    },
    { path: PATHS.devOutbox, ...page(() => import("../features/dev-outbox/outbox-page.tsx"), ["outbox"]) },
    {
      path: PATHS.unsubscribe,
      ...page(() => import("../features/notifications/unsubscribe-page.tsx"), ["notifications"]),
    },
    { path: "*", ...page(() => import("../features/not-found/not-found-page.tsx")) },
  ];
}

/** The signed-in pages inside the main layout (sidebar, plan card). */
function mainRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { index: true, ...dashboard },
    { path: PATHS.dashboard, ...dashboard },
    {
      path: PATHS.portfolio,
      ...page(
        () => import("../features/portfolio/portfolio-page.tsx"),
        walletPages,
        () => prefetchPortfolio(queryClient),
      ),
    },
    {
      path: PATHS.roiTracker,
      ...page(() => import("../features/roi-tracker/roi-tracker-page.tsx"), ["roi"]),
    },
    {
      path: PATHS.walletReport,
      ...page(
        () => import("../features/wallet-report/wallet-report-page.tsx"),
        ["wallet-report", "imports", ...walletPages],
      ),
    },
    {
      path: PATHS.taxPlanning,
      ...page(() => import("../features/tax-planning/tax-planning-page.tsx"), ["tax-planning"]),
    },
    {
      path: PATHS.pulsechainInfo,
      ...page(() => import("../features/pulsechain-info/pulsechain-info-page.tsx"), ["pulsechain-info"]),
    },
    { path: PATHS.market, ...page(() => import("../features/market/market-page.tsx"), ["market"]) },
    { path: PATHS.marketToken, ...page(() => import("../features/market/token-page.tsx"), ["market"]) },
    {
      path: PATHS.tracker,
      ...page(() => import("../features/tracker/tracker-page.tsx"), ["tracker", "market", "reader"]),
    },
    { path: PATHS.trade, ...page(() => import("../features/trade/trade-page.tsx"), ["trade"]) },
    { path: PATHS.bridge, ...page(() => import("../features/bridge/bridge-page.tsx"), ["bridge"]) },
    {
      path: PATHS.yieldOptimizer,
      ...page(() => import("../features/yield/yield-page.tsx"), ["yield"]),
    },
    {
      path: PATHS.debug,
      ...page(() => import("../features/debug/debug-page.tsx"), ["debug-monitor", "debug"]),
    },
    { path: PATHS.academy, ...page(() => import("../features/academy/academy-page.tsx"), ["academy"]) },
    {
      path: PATHS.settings,
      ...page(() => import("../features/settings/settings-page.tsx"), ["settings", "notifications", ...walletPages]),
    },
    {
      path: PATHS.subscription,
      ...page(() => import("./subscription/subscription-page.tsx"), ["subscription"]),
    },
  ];
}

export const routesWith = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootRoute />,
    children: [
      ...Object.entries(REDIRECTS).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
      { element: <MinimalLayout />, children: minimalRoutes(queryClient) },
      { element: <RequireAuth />, children: [{ ...mainLayout, children: mainRoutes(queryClient) }] },
    ],
  },
];

/** Starts loading every lazy part of the routes matching a path (layout and page at once). */
export function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map((m) => (m.route.handle as RouteHandle | undefined)?.preload())).then(() => undefined);
}

/** The routes for the current address; a new address starts all its lazy parts together. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  preloadRoute(routes, pathname).catch(() => undefined); // a failure shows when the part renders
  return useRoutes(routes);
}
