import type { MeResponse } from "@pulsemanager/core";
import { Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { cn } from "../../lib/cn.ts";
import { useSubscriptionModal } from "../subscription/subscription-modal-context.tsx";

/** 'Premium aktiv', 'Trial aktiv - N Tage verbleibend' or 'Kein Premium Zugang' (spec 01 §2). */
export function PremiumCard({
  subscription,
  community,
}: {
  subscription: MeResponse["subscription"];
  community: boolean;
}) {
  const { t } = useTranslation("settings");
  const { openSubscriptionModal } = useSubscriptionModal();
  const { status, daysRemaining } = subscription;
  const title =
    status === "active"
      ? t("premium.active")
      : status === "trial"
        ? t("premium.trial", { count: daysRemaining })
        : t("premium.none");
  const text =
    status === "active" ? t("premium.activeText") : status === "trial" ? t("premium.trialText") : t("premium.noneText");

  return (
    <Card data-testid="premium-card" data-status={status}>
      <div className="flex items-start gap-3">
        <Crown
          className={cn("mt-0.5 size-5 shrink-0", status === "inactive" ? "text-text-muted" : "text-warning")}
          aria-hidden="true"
        />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{title}</h2>
          <p className="mt-1 text-sm text-text-muted">{text}</p>
          {community ? <p className="mt-1 text-sm text-text-muted">{t("premium.community")}</p> : null}
          {status !== "active" && !community ? (
            <Button className="mt-4" onClick={() => openSubscriptionModal()}>
              {t("premium.unlock")}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
