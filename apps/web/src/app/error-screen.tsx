import { House, RefreshCw, RotateCw, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { classifyRenderError, renderErrorText } from "./render-error.ts";

interface ErrorScreenProps {
  error: unknown;
  onRetry: () => void;
  onGoHome: () => void;
}

/** Shown when a page fails to render: the message and retry, reload, go home (docs/product/shell-and-pages.md). */
export function ErrorScreen({ error, onRetry, onGoHome }: ErrorScreenProps) {
  const { t } = useTranslation();
  const kind = classifyRenderError(error);
  const detail = renderErrorText(error);
  return (
    <div role="alert" className="flex min-h-screen items-center justify-center bg-surface p-4">
      <div className="w-full max-w-lg rounded-lg border border-border bg-surface-raised p-6 text-text">
        <div className="mb-4 flex items-center gap-3">
          <TriangleAlert className="size-6 shrink-0 text-negative" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{t("errorScreen.title")}</h1>
        </div>
        <p className="text-sm text-text-muted">{t(`errorScreen.${kind}`)}</p>
        {detail ? (
          <pre className="mt-4 max-h-40 overflow-auto rounded-lg bg-surface-sunken p-3 font-mono text-xs break-words whitespace-pre-wrap">
            {detail}
          </pre>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-2">
          <Button onClick={onRetry}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t("errorScreen.retry")}
          </Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t("errorScreen.reload")}
          </Button>
          <Button variant="secondary" onClick={onGoHome}>
            <House className="size-4" aria-hidden="true" />
            {t("errorScreen.goHome")}
          </Button>
        </div>
      </div>
    </div>
  );
}
