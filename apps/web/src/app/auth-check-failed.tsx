import { useTranslation } from "react-i18next";
import { Alert } from "../components/alert.tsx";
import { Button } from "../components/button.tsx";
import { useErrorText } from "../lib/use-error-text.ts";

/** GET /api/me failed for another reason than "not signed in" (server down, network). */
export function AuthCheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="flex min-h-screen items-center justify-center bg-surface p-4">
      <div className="w-full max-w-md space-y-4">
        <Alert variant="error" title={t("authCheck.failedTitle")}>
          {errorText(error)}
        </Alert>
        <Button onClick={onRetry}>{t("actions.retry")}</Button>
      </div>
    </div>
  );
}
