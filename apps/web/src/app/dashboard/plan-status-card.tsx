import type { MeResponse } from "@pulsemanager/core";
import { Crown, Hourglass, Lock, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { useSubscriptionModal } from "../../features/subscription/index.ts";

/** Premium or Basic; a trial shows the days remaining; the Community Edition is labelled as such. */
export function PlanStatusCard({ me, community }: { me: MeResponse; community: boolean }) {
  const { t } = useTranslation("dashboard");
  const { openSubscriptionModal } = useSubscriptionModal();
  const { status, daysRemaining, plan } = me.subscription;

  if (community) {
    return (
      <Card data-testid="plan-status-card" data-status="community">
        <p className="text-sm text-text-muted">{t("plan.label")}</p>
        <p className="mt-1 flex items-center gap-2 text-xl font-semibold">
          <Sparkles className="size-5 text-accent" aria-hidden="true" />
          {t("badge.communityEdition")}
        </p>
        <p className="mt-2 text-sm text-text-muted">{t("plan.communityText")}</p>
      </Card>
    );
  }

  const Icon = status === "active" ? Crown : status === "trial" ? Hourglass : Lock;
  return (
    <Card data-testid="plan-status-card" data-status={status}>
      <p className="text-sm text-text-muted">{t("plan.label")}</p>
      <p className="mt-1 flex items-center gap-2 text-xl font-semibold">
        <Icon className={`size-5 ${status === "inactive" ? "text-text-muted" : "text-warning"}`} aria-hidden="true" />
        {plan === "premium" ? t("plan.premium") : t("plan.basic")}
      </p>
      <p className="mt-2 text-sm text-text-muted" data-testid="plan-status-text">
        {status === "active"
          ? t("plan.activeText")
          : status === "trial"
            ? t("plan.trialText", { count: daysRemaining })
            : t("plan.inactiveText")}
      </p>
      {status !== "active" ? (
        <Button className="mt-4" onClick={() => openSubscriptionModal()}>
          {t("plan.upgrade")}
        </Button>
      ) : null}
    </Card>
  );
}
