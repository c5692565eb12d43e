import type { SimpleEvent } from "@pulsemanager/core";
import { Download, FileSpreadsheet, Upload, X } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { formatInteger } from "../../../lib/format-number.ts";
import { downloadBlob } from "../result/report-export.ts";

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

interface ManualEntriesUploadProps {
  value: ManualEntriesState | null;
  onChange: (value: ManualEntriesState | null) => void;
  disabled?: boolean;
}

/**
 * Manual entries (exchange trades and other events the chain does not show) from a CSV file, sent
 * with the analysis as manualEntries. Read in the browser with ./manual-entries-csv.ts.
 */
export function ManualEntriesUpload({ value, onChange, disabled }: ManualEntriesUploadProps) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [readFailed, setReadFailed] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setReadFailed(false);
    try {
      const [{ parseManualEntriesCsv }, text] = await Promise.all([import("./manual-entries-csv.ts"), file.text()]);
      const parsed = parseManualEntriesCsv(text);
      onChange({ fileName: file.name, entries: parsed.entries, errors: parsed.errors });
    } catch {
      setReadFailed(true);
      onChange(null);
    }
  };

  const downloadTemplate = async () => {
    const { manualEntriesTemplateCsv } = await import("./manual-entries-csv.ts");
    const templateLang = lang.startsWith("en") ? "en" : "de";
    downloadBlob(t("manual.templateFileName"), manualEntriesTemplateCsv(templateLang), "text/csv;charset=utf-8");
  };

  const errors = value?.errors ?? [];
  return (
    <fieldset className="space-y-2" data-testid="manual-entries">
      <legend className="text-sm font-medium">{t("manual.legend")}</legend>
      <p className="text-xs text-text-muted">{t("manual.hint")}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-border bg-surface-raised px-4 py-2 text-sm font-medium hover:bg-surface-sunken has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--focus)]"
        >
          <Upload className="size-4" aria-hidden="true" />
          {t("manual.choose")}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={disabled}
            onChange={(event) => void onFile(event)}
          />
        </label>
        <Button variant="ghost" onClick={() => void downloadTemplate()}>
          <Download className="size-4" aria-hidden="true" />
          {t("manual.template")}
        </Button>
      </div>
      {readFailed ? (
        <p role="alert" className="text-xs text-negative">
          {t("manual.readFailed")}
        </p>
      ) : null}
      {value ? (
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
              onClick={() => {
                onChange(null);
                inputRef.current?.focus();
              }}
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
                <p className="mt-1 text-text-muted">
                  {t("manual.moreErrors", { count: errors.length - ERRORS_SHOWN })}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The entries to send: none while the file has errors (the user fixes and uploads again). */
export function usableEntries(value: ManualEntriesState | null): SimpleEvent[] {
  return value && value.errors.length === 0 ? value.entries : [];
}
