import { Crown } from "lucide-react";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { isPremiumRequired } from "./premium-required.ts";
import { useSubscriptionModal } from "./subscription-modal-context.tsx";

/** The page's own words for its failed load. */
export interface PremiumLoadErrorTexts {
  /** Any failure but a missing plan. */
  title: string;
  /** The feature needs Premium. */
  premium: string;
  upgrade: string;
  retry: string;
}

/** A Premium page's failed load: a Basic user is offered the plans, any other failure a retry. */
export function PremiumLoadError({
  texts,
  error,
  onRetry,
  actionTestId,
}: {
  texts: PremiumLoadErrorTexts;
  error: unknown;
  onRetry: () => void;
  actionTestId?: string;
}) {
  const { openSubscriptionModal } = useSubscriptionModal();
  const upgrade = isPremiumRequired(error);
  return (
    <Alert variant="error" title={upgrade ? texts.premium : texts.title}>
      <div className="mt-2" data-testid={actionTestId}>
        {upgrade ? (
          <Button onClick={() => openSubscriptionModal()}>
            <Crown className="size-4" aria-hidden="true" />
            {texts.upgrade}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onRetry}>
            {texts.retry}
          </Button>
        )}
      </div>
    </Alert>
  );
}
