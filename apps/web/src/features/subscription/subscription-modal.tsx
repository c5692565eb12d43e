import { Crown } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { usePublicConfig } from "../../state/config/index.ts";
import { billingErrorMessage } from "./billing-errors.ts";
import { useStartCheckout } from "./use-billing-redirect.ts";

interface SubscriptionModalProps {
  open: boolean;
  onDismiss: () => void;
}

/** 'Unlock Full Access!': the trial ended or a premium feature was opened; 'Subscribe Now' goes to Stripe Checkout. */
export function SubscriptionModal({ open, onDismiss }: SubscriptionModalProps) {
  const { t } = useTranslation("subscription");
  const errorText = useErrorText();
  const config = usePublicConfig();
  const community = config.data?.edition === "community";
  const checkout = useStartCheckout();
  const { reset } = checkout;

  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
      // The Community Edition has everything unlocked: the modal says so instead of asking to unlock it.
      title={community ? t("modal.communityTitle") : t("modal.title")}
      testId="subscription-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onDismiss}>
            {t("common:actions.close")}
          </Button>
          {community ? null : (
            <Button onClick={() => checkout.mutate()} loading={checkout.isPending} data-testid="subscribe-now">
              {checkout.isPending ? null : <Crown className="size-4" aria-hidden="true" />}
              {t("modal.subscribe")}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-3 text-sm text-text-muted">
        {community ? (
          <p>{t("modal.communityText")}</p>
        ) : (
          <>
            <p>{t("modal.text")}</p>
            <ul className="list-inside list-disc space-y-1">
              <li>{t("modal.benefitPortfolio")}</li>
              <li>{t("modal.benefitTax")}</li>
              <li>{t("modal.benefitRoi")}</li>
            </ul>
            <p className="text-xs">{t("modal.securePayment")}</p>
          </>
        )}
        {checkout.isError ? <Alert variant="error">{errorText(billingErrorMessage(checkout.error))}</Alert> : null}
      </div>
    </Modal>
  );
}
