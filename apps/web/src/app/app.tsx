import { Suspense } from "react";
import { RouterProvider } from "react-router/dom";
import { configQueryOptions } from "../features/config/config-query.ts";
import { meQueryOptions } from "../features/session/me-query.ts";
import { AppErrorBoundary } from "./app-error-boundary.tsx";
import { Providers } from "./providers.tsx";
import { createQueryClient } from "./query-client.ts";
import { createAppRouter } from "./router.tsx";

// One client and one router per page load (created outside React so StrictMode cannot double them).
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Start the session and config checks while the first page chunk loads.
void queryClient.prefetchQuery(meQueryOptions);
void queryClient.prefetchQuery(configQueryOptions);

export function App() {
  return (
    <AppErrorBoundary>
      <Providers queryClient={queryClient}>
        {/* Nothing until the boot translations are there (they load beside the first page's chunk). */}
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </AppErrorBoundary>
  );
}
