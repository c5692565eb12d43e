import type { Freshness } from "@pulsemanager/core";
import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { staleLabel } from "./market-figures.ts";

/**
 * Under market figures: nothing while they are fresh; "Stand: <time>, wird aktualisiert" when stale;
 * that the market cannot be reached when there is nothing yet.
 */
export function FreshnessNote({
  freshness,
}: {
  freshness: Pick<Freshness, "stale" | "asOf" | "unavailable"> | undefined;
}) {
  const { t, i18n } = useTranslation("market");
  const label = freshness ? staleLabel(freshness, i18n.language) : null;
  if (!label) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-xs text-text-muted" data-testid="market-stale">
      <RefreshCw className="size-3.5" aria-hidden="true" />
      {t(label.key, label.values)}
    </p>
  );
}
