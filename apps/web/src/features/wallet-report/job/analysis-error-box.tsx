import { CircleAlert, Crown, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { useSubscriptionModal } from "../../subscription/index.ts";
import type { ReportMessage } from "../form/report-inputs.ts";

interface AnalysisErrorBoxProps {
  message: ReportMessage;
  onReset: () => void;
  /** Offered when the direct analysis was too large: start the job-based one with the same inputs. */
  onUseJob?: () => void;
}

/** The analysis error box with its reset button ('Zurücksetzen'). */
export function AnalysisErrorBox({ message, onReset, onUseJob }: AnalysisErrorBoxProps) {
  const { t } = useTranslation("wallet-report");
  const { openSubscriptionModal } = useSubscriptionModal();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-negative/40 bg-negative/10 p-4 text-sm"
      data-testid="report-error"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-negative" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{t(message.key, message.values)}</p>
        {message.detail ? <p className="break-words text-text-muted">{message.detail}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {message.key === "errors.premium" ? (
          <Button variant="secondary" onClick={() => openSubscriptionModal()}>
            <Crown className="size-4" aria-hidden="true" />
            {t("actions.plans")}
          </Button>
        ) : null}
        {message.key === "errors.tooLarge" && onUseJob ? (
          <Button variant="secondary" onClick={onUseJob}>
            <Play className="size-4" aria-hidden="true" />
            {t("actions.useJob")}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onReset}>
          {t("actions.reset")}
        </Button>
      </div>
    </div>
  );
}
