import { Navigate, Outlet, useLocation } from "react-router";
import { authStateOf, useMe } from "../state/session/me-query.ts";
import { BootScreen } from "./boot-screen.tsx";
import { guestRouteDecision } from "./route-guards.ts";

/** Login and register: a signed-in user goes on to the page they came for or the dashboard. */
export function GuestOnly() {
  const location = useLocation();
  const me = useMe();
  const decision = guestRouteDecision(authStateOf(me), location);
  if (decision.type === "wait") return <BootScreen />;
  if (decision.type === "redirect") return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
