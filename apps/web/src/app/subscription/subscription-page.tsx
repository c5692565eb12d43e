import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useSubscriptionModal } from "../../features/subscription/index.ts";
import { PATHS } from "../../lib/paths.ts";
import { tabShowedAppBefore } from "../../lib/tab-history.ts";
import DashboardPage from "../dashboard/dashboard-page.tsx";
import { subscriptionCloseTarget } from "./close-target.ts";

/** /subscription: the dashboard with the subscription modal open; closing goes back in history. */
export default function SubscriptionPage() {
  const navigate = useNavigate();
  const { openSubscriptionModal, closeSubscriptionModal } = useSubscriptionModal();

  useEffect(() => {
    openSubscriptionModal({
      onClose: () => {
        const target = subscriptionCloseTarget({
          routerIndex: (window.history.state as { idx?: number } | null)?.idx,
          historyLength: window.history.length,
          referrer: document.referrer,
          origin: window.location.origin,
          tabShowedAppBefore: tabShowedAppBefore(),
        });
        if (target === "back") navigate(-1);
        else navigate(PATHS.dashboard, { replace: true });
      },
    });
    return () => closeSubscriptionModal();
  }, [openSubscriptionModal, closeSubscriptionModal, navigate]);

  return <DashboardPage />;
}
