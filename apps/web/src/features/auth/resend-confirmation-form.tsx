import { emailSchema } from "@pulsemanager/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { authApi } from "./auth-api.ts";
import { EmailField } from "./email-field.tsx";

/** Request a new confirmation mail for an address. */
export function ResendConfirmationForm() {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const resend = useMutation({ mutationFn: authApi.sendVerificationEmail });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "") {
      setEmailError(t("notVerified.emailRequired"));
      return;
    }
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(t(`common:${parsed.error.issues[0]?.message ?? "validation.emailInvalid"}`));
      return;
    }
    setEmailError(null);
    resend.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <EmailField value={email} onChange={setEmail} error={emailError} required={false} />
      {resend.isSuccess ? <Alert variant="success">{t("notVerified.resent", { email })}</Alert> : null}
      {resend.isError ? (
        <Alert variant="error">{t("notVerified.resendFailed", { message: errorText(resend.error) })}</Alert>
      ) : null}
      <Button type="submit" variant="secondary" className="w-full" loading={resend.isPending}>
        {t("callback.requestNewMail")}
      </Button>
    </form>
  );
}
