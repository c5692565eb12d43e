import { useMutation } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { authApi } from "./auth-api.ts";

/** Shown when the login failed because the address is not confirmed yet: tips and a resend button. */
export function EmailNotVerifiedBox({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [missingEmail, setMissingEmail] = useState(false);
  const resend = useMutation({ mutationFn: authApi.sendVerificationEmail });

  const onResend = () => {
    if (email.trim() === "") {
      setMissingEmail(true);
      return;
    }
    setMissingEmail(false);
    resend.mutate(email.trim());
  };

  return (
    <div className="space-y-3" data-testid="email-not-verified">
      <Alert variant="warning" title={t("notVerified.title")}>
        {t("notVerified.text")}
      </Alert>
      <div className="rounded-lg border border-border bg-surface-sunken p-4 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <MailCheck className="size-4 text-accent" aria-hidden="true" />
          {t("notVerified.tipsTitle")}
        </p>
        <ul className="mt-2 list-inside list-disc space-y-1 text-text-muted">
          <li>{t("notVerified.tipSpam")}</li>
          <li>{t("notVerified.tipAddress")}</li>
          <li>{t("notVerified.tipLatest")}</li>
        </ul>
        <Button variant="secondary" className="mt-4 w-full" onClick={onResend} loading={resend.isPending}>
          {t("notVerified.resend")}
        </Button>
      </div>
      {missingEmail ? <Alert variant="error">{t("notVerified.emailRequired")}</Alert> : null}
      {resend.isSuccess && !missingEmail ? <Alert variant="success">{t("notVerified.resent", { email })}</Alert> : null}
      {resend.isError && !missingEmail ? (
        <Alert variant="error">{t("notVerified.resendFailed", { message: errorText(resend.error) })}</Alert>
      ) : null}
    </div>
  );
}
