import { useMutation } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { accountApi } from "../account/index.ts";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";
import { downloadJson } from "./download-json.ts";
import { exportFileName } from "./export-file-name.ts";

/** 'Meine Daten': download everything as JSON, or delete the account (DSGVO Art. 15, 17, 20). */
export function MyDataSection() {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const exportData = useMutation({
    mutationFn: accountApi.exportData,
    onSuccess: (data) => downloadJson(data, exportFileName(new Date())),
  });

  return (
    <Card>
      <h2 className="font-semibold">{t("data.title")}</h2>
      <p className="mt-1 text-sm text-text-muted">{t("data.intro")}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => exportData.mutate()} loading={exportData.isPending}>
          {exportData.isPending ? null : <Download className="size-4" aria-hidden="true" />}
          {t("data.download")}
        </Button>
        <Button variant="danger" onClick={() => setDeleteOpen(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t("data.delete")}
        </Button>
      </div>
      {exportData.isError ? (
        <Alert variant="error" className="mt-4">
          {t("data.downloadFailed", { message: errorText(exportData.error) })}
        </Alert>
      ) : null}
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} />
    </Card>
  );
}
