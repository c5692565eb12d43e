import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullScreenSpinner } from "../components/spinner.tsx";
import { resetSessionEndedByUser, sessionEndedByUser } from "../state/session/end-session.ts";
import { authStateOf, useMe } from "../state/session/me-query.ts";
import { AuthCheckFailed } from "./auth-check-failed.tsx";
import { protectedRouteDecision } from "./route-guards.ts";

/** Protected routes: wait for GET /api/me, send visitors to login keeping the origin. */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useMe();
  const auth = authStateOf(me);
  if (auth === "authenticated" && sessionEndedByUser()) resetSessionEndedByUser();
  const decision = protectedRouteDecision(auth, location, { keepOrigin: !sessionEndedByUser() });
  switch (decision.type) {
    case "wait":
      return <FullScreenSpinner label={t("loading.authCheck")} />;
    case "error":
      return <AuthCheckFailed error={me.error} onRetry={() => void me.refetch()} />;
    case "redirect":
      return <Navigate to={decision.to} replace />;
    case "render":
      // The account's language is kept in sync by the signed-in layout (features/shell/main-layout.tsx).
      return <Outlet />;
  }
}
