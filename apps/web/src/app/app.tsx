import { Suspense, use } from "react";
import { BrowserRouter } from "react-router";
import { configQueryOptions } from "../state/config/config-query.ts";
import { meQueryOptions } from "../state/session/me-query.ts";
import { AppErrorBoundary } from "./app-error-boundary.tsx";
import { BootScreen } from "./boot-screen.tsx";
import { Providers } from "./providers.tsx";
import { createQueryClient } from "./query-client.ts";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";
import { AppRoutes, preloadRoute, routesWith } from "./router.tsx";

// One client and one route table per page load (created outside React so StrictMode cannot double them).
const queryClient = createQueryClient();
const routes = routesWith(queryClient);

// Start the session and config checks and the first page's chunks at once.
void queryClient.prefetchQuery(meQueryOptions);
void queryClient.prefetchQuery(configQueryOptions);
// A failed load shows as the error screen when the page renders.
const firstPage = preloadRoute(routes, window.location.pathname).catch(() => undefined);

/** "Lade Anwendung..." until the first page's layout, page and translations are all there: no half screens. */
function FirstPage() {
  use(firstPage);
  return <AppRoutes routes={routes} />;
}

export function App() {
  return (
    <AppErrorBoundary>
      <Providers queryClient={queryClient}>
        {/* Nothing until the boot translations are there (they load beside the first page's chunk). */}
        <Suspense fallback={null}>
          <BrowserRouter>
            <RouteErrorBoundary>
              <Suspense fallback={<BootScreen />}>
                <FirstPage />
              </Suspense>
            </RouteErrorBoundary>
          </BrowserRouter>
        </Suspense>
      </Providers>
    </AppErrorBoundary>
  );
}
