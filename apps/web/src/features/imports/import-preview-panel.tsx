import type { ImportPreview } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { formatInteger } from "../../lib/format-number.ts";
import { importTime } from "./import-texts.ts";

const COUNTS = ["trades", "deposits", "withdrawals", "rewards", "other"] as const;
/** Lines shown of the ones that could not be read (the rest are counted). */
const WARNINGS_SHOWN = 10;

interface Props {
  preview: ImportPreview;
  busy: boolean;
  onImport: () => void;
  onCancel: () => void;
}

/** What a file holds, before anything is stored: format, account, counts, assets, period and unreadable lines. */
export function ImportPreviewPanel({ preview, busy, onImport, onCancel }: Props) {
  const { t, i18n } = useTranslation("imports");
  const lang = i18n.language;
  return (
    <section
      className="space-y-3 rounded-lg border border-border p-4"
      data-testid="import-preview"
      aria-labelledby="import-preview-title"
    >
      <h3 id="import-preview-title" className="font-semibold">
        {t("preview.title", { file: preview.fileName })}
      </h3>
      <p className="text-sm">
        {t(preview.accountId ? "preview.intoExisting" : "preview.intoNew", {
          format: t(`formats.${preview.format}`),
          account: preview.account,
        })}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5" data-testid="import-preview-counts">
        {COUNTS.map((key) => (
          <div key={key}>
            <dt className="text-xs text-text-muted">{t(`counts.${key}`)}</dt>
            <dd className="tabular font-medium">{formatInteger(preview.rows[key], lang)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        {t("preview.period", { from: importTime(preview.from, lang, t), to: importTime(preview.to, lang, t) })}
      </p>
      <p className="text-sm break-words">{t("preview.assets", { assets: preview.assets.join(", ") })}</p>
      {preview.alreadyImported || preview.newRows === 0 ? (
        <Alert variant="info">{t("preview.nothingNew")}</Alert>
      ) : (
        <p className="text-sm font-medium">{t("preview.newRows", { count: preview.newRows })}</p>
      )}
      {preview.warnings.length > 0 ? <UnreadableLines warnings={preview.warnings} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onImport} disabled={busy || preview.newRows === 0} data-testid="import-confirm">
          {t("preview.import")}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t("preview.cancel")}
        </Button>
      </div>
    </section>
  );
}

/** The lines left out, the first ten with their reason. */
function UnreadableLines({ warnings }: { warnings: ImportPreview["warnings"] }) {
  const { t } = useTranslation("imports");
  const extra = warnings.length - WARNINGS_SHOWN;
  return (
    <Alert variant="warning" title={t("preview.warningsTitle", { count: warnings.length })}>
      <ul className="list-disc space-y-0.5 pl-4" data-testid="import-warnings">
        {warnings.slice(0, WARNINGS_SHOWN).map((w) => (
          <li key={w.line}>
            {t("preview.warningLine", {
              line: w.line,
              reason: t(`rowProblems.${w.problem}`, { detail: w.detail ?? "" }),
            })}
          </li>
        ))}
        {extra > 0 ? <li>{t("preview.moreWarnings", { count: extra })}</li> : null}
      </ul>
    </Alert>
  );
}
