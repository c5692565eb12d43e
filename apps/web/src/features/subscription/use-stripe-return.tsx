import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { ME_QUERY_KEY } from "../../lib/boot-query-keys.ts";
import {
  awaitingActivation,
  startAwaitingActivation,
  stopAwaitingActivation,
  useAccess,
} from "../../state/session/index.ts";
import { useToast } from "../../state/toast/index.ts";
import { stripeReturnOf, withoutStripeFlags } from "./stripe-return.ts";

/**
 * Back from Stripe Checkout on /?stripe_success or /?stripe_cancel. Success only re-reads the
 * status (the verified webhook is what activates; it may land a moment later, so /api/me is
 * polled briefly); cancel says 'Subscription cancelled'. Either way the flags leave the URL.
 */
export function useStripeReturn(): void {
  const { t } = useTranslation("subscription");
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const handledKey = useRef<string | null>(null);
  const { subscription } = useAccess();

  useEffect(() => {
    const kind = stripeReturnOf(location.search);
    if (!kind || handledKey.current === location.key) return;
    handledKey.current = location.key;
    if (kind === "success") {
      startAwaitingActivation();
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast({ variant: "info", title: t("return.successTitle"), description: t("return.successText") });
    } else {
      showToast({ variant: "info", title: t("return.cancelled") });
    }
    void navigate(
      { pathname: location.pathname, search: withoutStripeFlags(location.search), hash: location.hash },
      { replace: true },
    );
  }, [location, navigate, queryClient, showToast, t]);

  useEffect(() => {
    if (subscription?.status !== "active" || !awaitingActivation()) return;
    stopAwaitingActivation();
    showToast({ title: t("return.activeTitle"), description: t("return.activeText") });
  }, [subscription?.status, showToast, t]);
}

/** Mounted once in the signed-in layout (the success and cancel URLs point at /). */
export function StripeReturnHandler(): null {
  useStripeReturn();
  return null;
}
