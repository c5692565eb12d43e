import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import type { RefreshButtonState } from "./refresh-state.ts";

/** Loading 'Lädt...', rate-limited (countdown, disabled), stale ('Aktualisieren' emphasised), default. */
export function RefreshButton({ state, onRefresh }: { state: RefreshButtonState; onRefresh: () => void }) {
  const { t } = useTranslation("portfolio");
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        variant={state.kind === "stale" ? "primary" : "secondary"}
        loading={state.kind === "loading"}
        disabled={state.kind === "rateLimited"}
        onClick={onRefresh}
        data-testid="portfolio-refresh"
        data-state={state.kind}
      >
        {state.kind === "loading" ? null : <RefreshCw className="size-4" aria-hidden="true" />}
        {state.kind === "loading" ? t("refresh.loading") : t("refresh.label")}
        {state.kind === "rateLimited" ? (
          <span className="tabular rounded bg-surface-sunken px-1.5 text-xs" data-testid="refresh-countdown">
            {t("refresh.seconds", { count: state.seconds })}
          </span>
        ) : null}
      </Button>
      {state.kind === "rateLimited" ? (
        <p className="max-w-72 text-xs text-text-muted sm:text-right" data-testid="refresh-wait">
          {t("refresh.wait", { count: state.seconds })}
        </p>
      ) : state.kind === "stale" ? (
        <p className="text-xs text-warning sm:text-right">{t("refresh.staleHint")}</p>
      ) : null}
    </div>
  );
}
