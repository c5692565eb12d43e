import type { SimpleEvent } from "@pulsemanager/core";
import { FileSpreadsheet, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../lib/format-number.ts";

export interface ManualEntriesState {
  fileName: string;
  entries: SimpleEvent[];
  errors: { line: number; key: string; values?: Record<string, string | number> }[];
}

/** Errors shown at once; the rest is counted. */
const ERRORS_SHOWN = 20;

/** The error keys of parseManualEntriesCsv live in the namespace report-pdf (manualImport.errors.*). */
export function manualErrorKey(key: string): string {
  return key.includes(".") ? key : `manualImport.errors.${key}`;
}

/** The file read: its name, how many entries (or that it is not used), its errors, a way to remove it. */
export function ManualEntriesStatus({ value, onRemove }: { value: ManualEntriesState; onRemove: () => void }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const errors = value.errors;
  return (
    <div
      className="space-y-2 rounded-lg border border-border bg-surface-sunken p-3 text-sm"
      role="status"
      data-testid="manual-entries-status"
    >
      <div className="flex flex-wrap items-center gap-2">
        <FileSpreadsheet className="size-4 shrink-0 text-accent" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">
          <span className="font-medium">{value.fileName}</span>
          {" · "}
          {errors.length > 0
            ? t("manual.notUsed")
            : t("manual.count", {
                count: value.entries.length,
                formatted: formatInteger(value.entries.length, lang),
              })}
        </span>
        <button
          type="button"
          className="rounded-md p-1.5 text-text-muted hover:bg-surface hover:text-text"
          aria-label={t("manual.remove")}
          title={t("manual.remove")}
          onClick={onRemove}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {errors.length > 0 ? (
        <div className="text-xs">
          <p className="font-medium text-negative">{t("report-pdf:manualImport.errorsTitle")}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-text">
            {errors.slice(0, ERRORS_SHOWN).map((error) => (
              <li key={`${error.line}:${error.key}:${JSON.stringify(error.values ?? {})}`}>
                {t(manualErrorKey(error.key), { ns: "report-pdf", line: error.line, ...error.values })}
              </li>
            ))}
          </ul>
          {errors.length > ERRORS_SHOWN ? (
            <p className="mt-1 text-text-muted">{t("manual.moreErrors", { count: errors.length - ERRORS_SHOWN })}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
