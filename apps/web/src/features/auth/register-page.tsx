import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card.tsx";
import { MailOutboxHint } from "./mail-outbox-hint.tsx";
import { RegisterForm } from "./register-form.tsx";

/** /auth/register */
export default function RegisterPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("register.title")} subtitle={t("register.subtitle")}>
      <RegisterForm />
      <MailOutboxHint />
    </AuthCard>
  );
}
