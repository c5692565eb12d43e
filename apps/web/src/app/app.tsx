import { Suspense, startTransition, useEffect, useState } from "react";
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
const session = queryClient.prefetchQuery(meQueryOptions);
void queryClient.prefetchQuery(configQueryOptions);
// A failed load shows as the error screen when the page renders.
const firstPage = preloadRoute(routes, window.location.pathname).catch(() => undefined);
/** The first page's layout, page and translations, and the session answer the route guards decide on (settled, not only succeeded). */
const firstScreen = Promise.all([firstPage, session]);

/**
 * "Lade Anwendung..." until the first screen's parts are all there: no half screens. The whole page is
 * then rendered as a transition: in slices of a few milliseconds (a phone's main thread stays free to
 * answer a tap) instead of one long task, as it was when the session's answer arrived last.
 */
function FirstPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void firstScreen.then(() => {
      if (mounted) startTransition(() => setReady(true));
    });
    return () => {
      mounted = false;
    };
  }, []);
  return ready ? <AppRoutes routes={routes} /> : <BootScreen />;
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
