import type { MeResponse, PublicConfig } from "@pulsemanager/core";
import { Crown, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { useSubscriptionModal } from "../subscription/index.ts";

/** Sidebar plan card: Premium, Basic with an upgrade button, or Community Edition. */
export function PlanCard({
  me,
  config,
  testId,
}: {
  me: MeResponse | undefined;
  config: PublicConfig | undefined;
  testId: string;
}) {
  const { t } = useTranslation("layout");
  const { openSubscriptionModal } = useSubscriptionModal();
  const box = "rounded-lg border border-border bg-surface-sunken p-3 text-sm";

  if (config?.edition === "community") {
    return (
      <div className={box} data-testid={testId} data-plan="community">
        <p className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-4 text-accent" aria-hidden="true" />
          {t("plan.communityTitle")}
        </p>
        <p className="mt-1 text-text-muted">{t("plan.communityText")}</p>
      </div>
    );
  }
  if (me?.subscription.plan === "premium") {
    return (
      <div className={box} data-testid={testId} data-plan="premium">
        <p className="flex items-center gap-2 font-semibold">
          <Crown className="size-4 text-warning" aria-hidden="true" />
          {t("plan.premiumTitle")}
        </p>
        <p className="mt-1 text-text-muted">{t("plan.premiumText")}</p>
      </div>
    );
  }
  return (
    <div className={box} data-testid={testId} data-plan="basic">
      <p className="font-semibold">{t("plan.basicTitle")}</p>
      <p className="mt-1 text-text-muted">{t("plan.basicText")}</p>
      <Button className="mt-3 w-full" onClick={() => openSubscriptionModal()}>
        {t("plan.upgrade")}
      </Button>
    </div>
  );
}
