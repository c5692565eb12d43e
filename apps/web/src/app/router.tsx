import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { MainLayout } from "../features/shell/main-layout.tsx";
import { MinimalLayout } from "../features/shell/minimal-layout.tsx";
import { BootScreen } from "./boot-screen.tsx";
import { GuestOnly } from "./guest-only.tsx";
import { PATHS, REDIRECTS } from "./paths.ts";
import { RequireAuth } from "./require-auth.tsx";
import { RootRoute } from "./root-route.tsx";
import { RouteErrorScreen } from "./route-error-screen.tsx";

/** A lazy route module: each page becomes its own chunk. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

const dashboard = page(() => import("../features/dashboard/dashboard-page.tsx"));
const resetPassword = page(() => import("../features/auth/reset-password-page.tsx"));

export const routes: RouteObject[] = [
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
              { path: PATHS.login, lazy: page(() => import("../features/auth/login-page.tsx")) },
              { path: PATHS.register, lazy: page(() => import("../features/auth/register-page.tsx")) },
            ],
          },
          { path: PATHS.authCallback, lazy: page(() => import("../features/auth/callback-page.tsx")) },
          { path: PATHS.resetPassword, lazy: resetPassword },
          { path: PATHS.updatePassword, lazy: resetPassword },
          { path: PATHS.disclaimer, lazy: page(() => import("../features/legal/disclaimer-page.tsx")) },
          { path: PATHS.privacyPolicy, lazy: page(() => import("../features/legal/privacy-policy-page.tsx")) },
          { path: PATHS.termsOfService, lazy: page(() => import("../features/legal/terms-of-service-page.tsx")) },
          { path: PATHS.devOutbox, lazy: page(() => import("../features/dev-outbox/outbox-page.tsx")) },
          { path: "*", lazy: page(() => import("../features/not-found/not-found-page.tsx")) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <MainLayout />,
            errorElement: <RouteErrorScreen />,
            children: [
              { index: true, lazy: dashboard },
              { path: PATHS.dashboard, lazy: dashboard },
              { path: PATHS.portfolio, lazy: page(() => import("../features/portfolio/portfolio-page.tsx")) },
              { path: PATHS.roiTracker, lazy: page(() => import("../features/roi-tracker/roi-tracker-page.tsx")) },
              {
                path: PATHS.walletReport,
                lazy: page(() => import("../features/wallet-report/wallet-report-page.tsx")),
              },
              {
                path: PATHS.pulsechainInfo,
                lazy: page(() => import("../features/pulsechain-info/pulsechain-info-page.tsx")),
              },
              { path: PATHS.debug, lazy: page(() => import("../features/debug/debug-page.tsx")) },
              { path: PATHS.academy, lazy: page(() => import("../features/academy/academy-page.tsx")) },
              { path: PATHS.settings, lazy: page(() => import("../features/settings/settings-page.tsx")) },
              { path: PATHS.subscription, lazy: page(() => import("../features/subscription/subscription-page.tsx")) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
