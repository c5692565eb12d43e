import type { ImportPreview } from "@pulsemanager/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Card } from "../../components/card.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import type { Money } from "../../state/currency/index.ts";
import { ExportDropZone } from "./export-drop-zone.tsx";
import { ImportAccountsList } from "./import-accounts-list.tsx";
import { ImportHoldingsList } from "./import-holdings-list.tsx";
import { ImportPreviewPanel } from "./import-preview-panel.tsx";
import { refusalText } from "./import-texts.ts";
import { previewExport, useImportAccounts, useImportExport } from "./imports-api.ts";

type Step =
  | { kind: "idle" }
  | { kind: "reading"; file: File }
  | { kind: "preview"; file: File; preview: ImportPreview }
  | { kind: "refused"; message: string }
  | { kind: "imported"; added: number; account: string };

/**
 * Exchange and tax-tool exports (docs/product/imports.md): choose or drop a CSV, see what was recognised
 * before anything is stored, import it; below, the imported accounts (the report page) or, with `money`,
 * their holdings (the portfolio page).
 */
export function ExchangeImportsCard({ money }: { money?: Money } = {}) {
  const { t } = useTranslation("imports");
  const store = useImportExport();
  const [step, setStep] = useState<Step>({ kind: "idle" });

  const read = async (file: File) => {
    store.reset();
    setStep({ kind: "reading", file });
    try {
      setStep({ kind: "preview", file, preview: await previewExport(file) });
    } catch (err) {
      setStep({ kind: "refused", message: refusalText(err, t) });
    }
  };
  const confirm = (file: File) =>
    store.mutate(file, {
      onSuccess: (result) => setStep({ kind: "imported", added: result.added, account: result.account.name }),
    });

  return (
    <Card className="space-y-4" data-testid="exchange-imports" aria-labelledby="exchange-imports-title">
      <div>
        <h2 id="exchange-imports-title" className="text-base font-semibold">
          {t("title")}
        </h2>
        <p className="mt-1 text-sm text-text-muted">{t("intro")}</p>
      </div>
      <ExportDropZone onFile={(file) => void read(file)} disabled={step.kind === "reading" || store.isPending} />
      {step.kind === "reading" ? <Spinner label={t("reading", { file: step.file.name })} className="py-4" /> : null}
      {step.kind === "refused" ? (
        <Alert variant="error" title={t("refused.title")}>
          {step.message}
        </Alert>
      ) : null}
      {step.kind === "imported" ? (
        <Alert variant="success">{t("imported", { count: step.added, account: step.account })}</Alert>
      ) : null}
      {step.kind === "preview" ? (
        <ImportPreviewPanel
          preview={step.preview}
          busy={store.isPending}
          onImport={() => confirm(step.file)}
          onCancel={() => setStep({ kind: "idle" })}
        />
      ) : null}
      {store.isError ? <Alert variant="error">{refusalText(store.error, t)}</Alert> : null}
      {money ? <HoldingsPart money={money} /> : <AccountsPart />}
    </Card>
  );
}

/** The portfolio's part: what the accounts hold. */
function HoldingsPart({ money }: { money: Money }) {
  const { t } = useTranslation("imports");
  return (
    <>
      <h3 className="text-sm font-semibold">{t("holdings.title")}</h3>
      <p className="text-xs text-text-muted">{t("holdings.note")}</p>
      <ImportHoldingsList money={money} />
    </>
  );
}

/** The report page's part: the accounts to open, rename and delete. */
function AccountsPart() {
  const { t } = useTranslation("imports");
  const errorText = useErrorText();
  const accounts = useImportAccounts();
  return (
    <>
      <h3 className="text-sm font-semibold">{t("accounts.title")}</h3>
      {accounts.isPending ? <Spinner label={t("accounts.loading")} className="py-4" /> : null}
      {accounts.isError ? <p className="text-sm text-negative">{errorText(accounts.error)}</p> : null}
      {accounts.data ? <ImportAccountsList accounts={accounts.data} /> : null}
    </>
  );
}
