import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Card } from "../../components/card.tsx";
import { InspectorActions, InspectorFields } from "./inspector-form.tsx";
import { AllView, CompareView, DiagnosticView, Progress } from "./inspector-results.tsx";
import { useInspector } from "./use-inspector.ts";

/**
 * The transaction inspector: one token's transfers at one of the user's wallets (WGEP on PulseChain
 * as the preset). Three actions: the simple diagnostic (each chain asked live, and the synced
 * history), load all (page by page with a progress bar; the first 50 rows shown) and the comparison of
 * the history sources. Every row says whether the income rule counts it as ROI income.
 */
export function TransactionInspector() {
  const { t } = useTranslation("debug");
  const state = useInspector();
  const { action, progress, generalError, diagnostic, all, compare } = state;
  return (
    <Card className="space-y-4" data-testid="transaction-inspector">
      <div>
        <h2 className="text-base font-semibold">{t("inspector.title")}</h2>
        <p className="text-sm text-text-muted">{t("inspector.subtitle")}</p>
      </div>

      <InspectorFields state={state} />
      <InspectorActions state={state} />

      {action === "all" && progress ? <Progress progress={progress} /> : null}
      {generalError ? <Alert variant="error">{generalError}</Alert> : null}

      {action === null ? <p className="text-sm text-text-muted">{t("inspector.idle")}</p> : null}
      {action === "diagnostic" && diagnostic.data ? <DiagnosticView result={diagnostic.data} /> : null}
      {action === "all" && all.data ? <AllView result={all.data} chainId={state.inputs.chainId} /> : null}
      {action === "compare" && compare.data ? <CompareView result={compare.data} /> : null}
    </Card>
  );
}
