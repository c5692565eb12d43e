import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/spinner.tsx";
import { AuthCard } from "./auth-card.tsx";
import { LoginForm } from "./login-form.tsx";
import { MailOutboxHint } from "./mail-outbox-hint.tsx";

// Opened on demand: not part of the sign-in page's first load.
const ForgotPasswordForm = lazy(async () => ({
  default: (await import("./forgot-password-form.tsx")).ForgotPasswordForm,
}));

/** /auth/login, with the 'Passwort vergessen?' form in place. */
export default function LoginPage() {
  const { t } = useTranslation("auth");
  const [mode, setMode] = useState<"login" | "forgot">("login");
  const [email, setEmail] = useState("");

  if (mode === "forgot") {
    return (
      <AuthCard title={t("forgot.title")}>
        <Suspense fallback={<Spinner label={t("common:loading.page")} className="py-8" />}>
          <ForgotPasswordForm initialEmail={email} onBack={() => setMode("login")} />
        </Suspense>
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
