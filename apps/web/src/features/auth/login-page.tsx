import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { LoginForm } from "./login-form.tsx";
import { MailOutboxHint } from "./mail-outbox-hint.tsx";

/** /auth/login, with the 'Passwort vergessen?' form in place. */
export default function LoginPage() {
  const { t } = useTranslation("auth");
  const [mode, setMode] = useState<"login" | "forgot">("login");
  const [email, setEmail] = useState("");

  if (mode === "forgot") {
    return (
      <AuthCard title={t("forgot.title")}>
        <ForgotPasswordForm initialEmail={email} onBack={() => setMode("login")} />
        <MailOutboxHint />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <LoginForm email={email} onEmailChange={setEmail} onForgotPassword={() => setMode("forgot")} />
      <MailOutboxHint />
    </AuthCard>
  );
}
