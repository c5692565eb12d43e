import type { Investment } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { investmentsApi, useInvestmentChange } from "./investments-api.ts";

/** Deleting an investment, confirmed first. */
export function DeleteInvestmentDialog({ deleting, onClose }: { deleting: Investment | null; onClose: () => void }) {
  const { t } = useTranslation("roi");
  const remove = useInvestmentChange(investmentsApi.remove);
  return (
    <Modal
      open={deleting !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("investments.deleteTitle")}
      description={t("investments.deleteConfirm", { name: deleting?.name ?? "" })}
      testId="investment-delete-dialog"
    >
      {remove.isError ? <Alert variant="error">{t("investments.errors.deleteFailed")}</Alert> : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onClose()}>
          {t("investments.cancel")}
        </Button>
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() => {
            if (deleting) remove.mutate(deleting.id, { onSuccess: () => onClose() });
          }}
        >
          {t("investments.delete")}
        </Button>
      </div>
    </Modal>
  );
}
