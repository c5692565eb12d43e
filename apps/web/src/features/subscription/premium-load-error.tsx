import { Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { isPremiumRequired } from "./premium-required.ts";
import { useSubscriptionModal } from "./subscription-modal-context.tsx";

/**
 * A Premium page's failed load: a Basic user is offered the plans, any other failure a retry. The texts
 * are the page's own (`error.premium`, `error.title`, `error.upgrade`, `error.retry` in its namespace).
 */
export function PremiumLoadError({
  namespace,
  error,
  onRetry,
  actionTestId,
}: {
  namespace: string;
  error: unknown;
  onRetry: () => void;
  actionTestId?: string;
}) {
  const { t } = useTranslation(namespace);
  const { openSubscriptionModal } = useSubscriptionModal();
  const upgrade = isPremiumRequired(error);
  return (
    <Alert variant="error" title={t(upgrade ? "error.premium" : "error.title")}>
      <div className="mt-2" data-testid={actionTestId}>
        {upgrade ? (
          <Button onClick={() => openSubscriptionModal()}>
            <Crown className="size-4" aria-hidden="true" />
            {t("error.upgrade")}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onRetry}>
            {t("error.retry")}
          </Button>
        )}
      </div>
    </Alert>
  );
}
