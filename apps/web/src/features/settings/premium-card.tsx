import type { BillingView, MeResponse } from "@pulsemanager/core";
import { Crown, ExternalLink, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { cn } from "../../lib/cn.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { billingErrorMessage, useOpenPortal, useSubscriptionModal } from "../subscription/index.ts";
import { premiumCardView } from "./premium-card-view.ts";

/**
 * 'Premium aktiv', 'Trial aktiv - N Tage verbleibend' or 'Kein Premium Zugang';
 * 'Premium freischalten' opens the subscription modal, 'Abo verwalten' the Stripe customer portal.
 * The Community Edition has no billing and says so.
 */
export function PremiumCard({
  subscription,
  billing,
  community,
}: {
  subscription: MeResponse["subscription"];
  billing: BillingView | null;
  community: boolean;
}) {
  const { t, i18n } = useTranslation("settings");
  const view = premiumCardView(subscription, billing, community);
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === "en" ? "en-GB" : "de-DE", { dateStyle: "long" });

  if (view.state === "community") {
    return <CommunityCard />;
  }

  const { state, daysRemaining } = view;
  const title =
    state === "active"
      ? t("premium.active")
      : state === "trial"
        ? t("premium.trial", { count: daysRemaining })
        : t("premium.none");
  const text =
    state === "active" ? t("premium.activeText") : state === "trial" ? t("premium.trialText") : t("premium.noneText");

  return (
    <Card data-testid="premium-card" data-status={state}>
      <div className="flex items-start gap-3">
        <Crown
          className={cn("mt-0.5 size-5 shrink-0", state === "inactive" ? "text-text-muted" : "text-warning")}
          aria-hidden="true"
        />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{title}</h2>
          <p className="mt-1 text-sm text-text-muted">{text}</p>
          {view.renewsAt ? (
            <p className="mt-1 text-sm text-text-muted" data-testid="premium-renewal">
              {t("premium.renewsOn", { date: date(view.renewsAt) })}
            </p>
          ) : null}
          {view.endsAt ? (
            <p className="mt-1 text-sm text-text-muted" data-testid="premium-renewal">
              {t("premium.endsOn", { date: date(view.endsAt) })}
            </p>
          ) : null}
          {view.paymentFailed ? (
            <Alert variant="warning" className="mt-3">
              {t("premium.paymentFailed")}
            </Alert>
          ) : null}
          {view.checkFailed ? (
            <Alert variant="error" className="mt-3">
              {view.checkFailed}
            </Alert>
          ) : null}
          <PremiumActions canUnlock={view.canUnlock} canManage={view.canManage} />
        </div>
      </div>
    </Card>
  );
}

/** The Community Edition has no billing and says so. */
function CommunityCard() {
  const { t } = useTranslation("settings");
  return (
    <Card data-testid="premium-card" data-status="community">
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{t("premium.communityTitle")}</h2>
          <p className="mt-1 text-sm text-text-muted">{t("premium.community")}</p>
        </div>
      </div>
    </Card>
  );
}

/** 'Premium freischalten' and 'Abo verwalten', and why the portal did not open. */
function PremiumActions({ canUnlock, canManage }: { canUnlock: boolean; canManage: boolean }) {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const { openSubscriptionModal } = useSubscriptionModal();
  const portal = useOpenPortal();
  return (
    <>
      {canUnlock || canManage ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {canUnlock ? <Button onClick={() => openSubscriptionModal()}>{t("premium.unlock")}</Button> : null}
          {canManage ? (
            <Button variant="secondary" onClick={() => portal.mutate()} loading={portal.isPending}>
              {portal.isPending ? null : <ExternalLink className="size-4" aria-hidden="true" />}
              {t("premium.manage")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {portal.isError ? (
        <Alert variant="error" className="mt-3">
          {errorText(billingErrorMessage(portal.error))}
        </Alert>
      ) : null}
    </>
  );
}
