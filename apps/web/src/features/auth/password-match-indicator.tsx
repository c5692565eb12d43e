import { Check, X } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Live feedback under the confirmation field. */
export function PasswordMatchIndicator({ password, confirmPassword }: { password: string; confirmPassword: string }) {
  const { t } = useTranslation();
  if (confirmPassword === "") return null;
  const matches = password === confirmPassword;
  return (
    <p className={`flex items-center gap-1 text-xs ${matches ? "text-positive" : "text-negative"}`} aria-live="polite">
      {matches ? <Check className="size-3.5" aria-hidden="true" /> : <X className="size-3.5" aria-hidden="true" />}
      {matches ? t("validation.passwordMatch") : t("validation.passwordMismatch")}
    </p>
  );
}
