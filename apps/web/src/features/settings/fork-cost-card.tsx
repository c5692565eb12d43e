import { FORK_COST_METHODS, type ForkCostMethod } from "@pulsemanager/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { cn } from "../../lib/cn.ts";
import { useUpdateUserSettings, useUserSettings } from "../../state/user-settings/index.ts";

/**
 * How the tax report costs the copies PulseChain made of every Ethereum holding at the fork
 * (docs/product/tax-report.md): 0 EUR (the default) or the original's cost split by market values
 * (the BMF's rule for hard forks). Saved with PUT /api/settings; used by the next report.
 */
export function ForkCostCard() {
  const { t } = useTranslation("settings");
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const [saved, setSaved] = useState(false);
  const chosen: ForkCostMethod = settings.data?.forkCost ?? "zero";

  const choose = (forkCost: ForkCostMethod) => {
    setSaved(false);
    update.mutate({ forkCost }, { onSuccess: () => setSaved(true) });
  };

  return (
    <Card aria-labelledby="fork-cost-title" data-testid="fork-cost">
      <h2 id="fork-cost-title" className="font-semibold">
        {t("forkCost.title")}
      </h2>
      <p className="mt-1 text-sm text-text-muted">{t("forkCost.intro")}</p>
      <fieldset className="mt-4 space-y-3" disabled={settings.isPending}>
        <legend className="sr-only">{t("forkCost.title")}</legend>
        {FORK_COST_METHODS.map((method) => (
          <label
            key={method}
            className={cn(
              "flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition",
              chosen === method ? "border-accent bg-surface-sunken" : "border-border hover:bg-surface-sunken",
            )}
          >
            <input
              type="radio"
              name="forkCost"
              value={method}
              checked={chosen === method}
              onChange={() => choose(method)}
              className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]"
              data-testid={`fork-cost-${method}`}
            />
            <span className="min-w-0 space-y-1">
              <span className="block font-medium">{t(`forkCost.${method}.title`)}</span>
              <span className="block text-text-muted">{t(`forkCost.${method}.text`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="mt-3 min-h-5 text-xs" aria-live="polite">
        {update.isError ? (
          <span className="text-negative">{t("forkCost.failed")}</span>
        ) : saved ? (
          <span className="text-positive" data-testid="fork-cost-saved">
            {t("forkCost.saved")}
          </span>
        ) : null}
      </p>
    </Card>
  );
}
