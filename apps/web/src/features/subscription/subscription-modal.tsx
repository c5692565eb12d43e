import { Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PATHS } from "../../app/paths.ts";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { usePublicConfig } from "../config/config-query.ts";

interface SubscriptionModalProps {
  open: boolean;
  onDismiss: () => void;
  onSubscribe: () => void;
}

/** 'Unlock Full Access!': the trial ended or a premium feature was opened. */
export function SubscriptionModal({ open, onDismiss, onSubscribe }: SubscriptionModalProps) {
  const { t } = useTranslation("subscription");
  const navigate = useNavigate();
  const config = usePublicConfig();
  const community = config.data?.edition === "community";

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
      title={t("modal.title")}
      testId="subscription-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onDismiss}>
            {t("common:actions.close")}
          </Button>
          {community ? null : (
            <Button
              onClick={() => {
                onSubscribe();
                // Billing arrives in a later release; the settings page shows the plan until then.
                navigate(PATHS.settings);
              }}
            >
              <Crown className="size-4" aria-hidden="true" />
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
          </>
        )}
      </div>
    </Modal>
  );
}
