import type { SimpleEvent } from "@pulsemanager/core";
import { Download, Upload } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { downloadBlob } from "../result/report-export.ts";
import { type ManualEntriesState, ManualEntriesStatus } from "./manual-entries-status.tsx";

export type { ManualEntriesState } from "./manual-entries-status.tsx";
export { manualErrorKey } from "./manual-entries-status.tsx";

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
        <ManualEntriesStatus
          value={value}
          onRemove={() => {
            onChange(null);
            inputRef.current?.focus();
          }}
        />
      ) : null}
    </fieldset>
  );
}

/** The entries to send: none while the file has errors (the user fixes and uploads again). */
export function usableEntries(value: ManualEntriesState | null): SimpleEvent[] {
  return value && value.errors.length === 0 ? value.entries : [];
}
