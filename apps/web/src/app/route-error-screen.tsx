import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { retryFailedLoads } from "../lib/lazy-component.tsx";
import { ErrorScreen } from "./error-screen.tsx";

/** What RouteErrorBoundary shows: a render failure in any route lands here. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    console.error("Route render failure", error);
  }, [error]);

  return (
    <ErrorScreen
      error={error}
      onRetry={() => {
        retryFailedLoads();
        // The same address again: the boundary starts over (a new location).
        navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
      }}
      onGoHome={() => navigate("/")}
    />
  );
}
