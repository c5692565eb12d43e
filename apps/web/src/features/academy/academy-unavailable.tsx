import { RefreshCw, TriangleExclamationPoint } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Shown when the academy catalogue is missing (the academy fallback). */
export function AcademyUnavailable() {
  const { t } = useTranslation("academy");
  return (
    <div className="mx-auto w-full max-w-xl py-8">
      <div role="alert" className="rounded-lg border border-border bg-surface-raised p-6 text-center">
        <TriangleExclamationPoint className="mx-auto size-8 text-warning" aria-hidden="true" />
        <h1 className="mt-3 text-lg font-semibold text-text">{t("unavailable.title")}</h1>
        <p className="mt-2 text-sm leading-6 text-text-muted">{t("unavailable.body")}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex items-center gap-2 rounded-lg border border-border px-4 py-2 text-sm font-medium text-text hover:bg-surface-sunken"
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          {t("unavailable.reload")}
        </button>
      </div>
    </div>
  );
}
