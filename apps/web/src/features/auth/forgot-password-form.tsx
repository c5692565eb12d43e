import { useMutation } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { authApi } from "./auth-api.ts";
import { EmailField } from "./email-field.tsx";
import { loadCredentialSchemas } from "./load-credential-schemas.ts";

/** 'Passwort vergessen?': asks for the address and sends the reset mail. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const request = useMutation({ mutationFn: authApi.requestPasswordReset });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { emailSchema } = await loadCredentialSchemas();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? "validation.emailInvalid");
      return;
    }
    setEmailError(null);
    request.mutate(parsed.data);
  };

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert variant="success" title={t("forgot.sentTitle")}>
          {t("forgot.sentText", { email })}
        </Alert>
        <Button variant="secondary" className="w-full" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("forgot.back")}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} onFocus={() => void loadCredentialSchemas()} className="space-y-4">
      <p className="text-sm text-text-muted">{t("forgot.intro")}</p>
      <EmailField value={email} onChange={setEmail} error={emailError} />
      {request.isError ? (
        <Alert variant="error" title={t("forgot.failedTitle")}>
          {errorText(request.error)}
        </Alert>
      ) : null}
      <Button type="submit" className="w-full" loading={request.isPending} disabled={email.trim() === ""}>
        {t("forgot.submit")}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("forgot.back")}
      </Button>
    </form>
  );
}
