import { Upload } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";

/** "Börsen-Export importieren": choose a CSV file or drop it here. */
export function ExportDropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation("imports");
  const inputId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-border p-4 text-center text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--focus)]",
        over && "border-accent bg-accent/10",
      )}
      data-testid="export-drop-zone"
    >
      <span className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-border bg-surface-raised px-4 py-2 font-medium">
        <Upload className="size-4" aria-hidden="true" />
        {t("choose")}
      </span>
      <span className="text-xs text-text-muted">{t("drop")}</span>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        disabled={disabled}
        data-testid="export-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
