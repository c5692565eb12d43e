import { useEffect } from "react";
import { useLocation, useNavigate, useRouteError } from "react-router";
import { ErrorScreen } from "./error-screen.tsx";

/** The router's errorElement: a render failure in any route lands here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    console.error("Route render failure", error);
  }, [error]);

  return (
    <ErrorScreen
      error={error}
      onRetry={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
      onGoHome={() => navigate("/")}
    />
  );
}
