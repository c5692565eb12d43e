import { useEffect } from "react";
import { useNavigate } from "react-router";
import { PATHS } from "../../app/paths.ts";
import DashboardPage from "../dashboard/dashboard-page.tsx";
import { useSubscriptionModal } from "./subscription-modal-context.tsx";

/** React Router keeps the position in history.state.idx; 0 means this is the first entry. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === "number" && state.idx > 0;
}

/** /subscription: the dashboard with the subscription modal open; closing goes back in history. */
export default function SubscriptionPage() {
  const navigate = useNavigate();
  const { openSubscriptionModal, closeSubscriptionModal } = useSubscriptionModal();

  useEffect(() => {
    openSubscriptionModal({
      onClose: () => {
        if (canGoBack()) navigate(-1);
        else navigate(PATHS.dashboard, { replace: true });
      },
    });
    return () => closeSubscriptionModal();
  }, [openSubscriptionModal, closeSubscriptionModal, navigate]);

  return <DashboardPage />;
}
