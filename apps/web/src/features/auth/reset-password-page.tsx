import { updatePasswordSchema } from "@pulsemanager/core";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Link } from "../../components/link.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { errorCode } from "../../lib/error-message.ts";
import { fieldErrors } from "../../lib/form-errors.ts";
import { PATHS } from "../../lib/paths.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { authApi } from "./auth-api.ts";
import { AuthCard } from "./auth-card.tsx";
import { PasswordMatchIndicator } from "./password-match-indicator.tsx";
import { resetTokenFromHash } from "./reset-token.ts";
import { useRedirectAfter } from "./use-redirect-after.ts";

/** 3 s on the success message. */
export const RESET_REDIRECT_MS = 3_000;

/** The new password twice, the reset call with the mail's token, and whether the link is still good. */
function useResetPassword() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => resetTokenFromHash(location.hash));
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useMutation({ mutationFn: (newPassword: string) => authApi.resetPassword(token ?? "", newPassword) });

  useRedirectAfter(reset.isSuccess, RESET_REDIRECT_MS, () => navigate("/auth", { replace: true }));

  const linkUsed = errorCode(reset.error) === "RESET_LINK_USED";
  const linkInvalid =
    !token || linkUsed || errorCode(reset.error) === "INVALID_TOKEN" || errorCode(reset.error) === "TOKEN_EXPIRED";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    const parsed = updatePasswordSchema.safeParse({ password, confirmPassword });
    setErrors(fieldErrors(parsed));
    if (parsed.success) reset.mutate(parsed.data.password);
  };
  return {
    token,
    password,
    setPassword,
    confirmPassword,
    setConfirmPassword,
    errors,
    setErrors,
    reset,
    linkUsed,
    linkInvalid,
    onSubmit,
  };
}

/** /auth/reset-password and /update-password: the target of the reset mail (#access_token=...). */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const form = useResetPassword();
  const { token, password, confirmPassword, errors, setErrors, reset, linkInvalid } = form;

  if (reset.isSuccess) {
    return (
      <AuthCard title={t("reset.title")}>
        <Alert variant="success">{t("reset.success")}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <form noValidate onSubmit={form.onSubmit} className="space-y-4">
        {linkInvalid ? (
          <Alert variant="error" title={t("reset.failedTitle")}>
            {t(form.linkUsed ? "reset.usedLink" : "reset.invalidLink")}
          </Alert>
        ) : null}
        <PasswordField
          id="newPassword"
          label={t("fields.newPassword")}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => {
            form.setPassword(event.target.value);
            setErrors({});
          }}
          error={errors.password ? t(`common:${errors.password}`) : null}
          disabled={!token}
        />
        <div className="space-y-1">
          <PasswordField
            id="confirmPassword"
            label={t("fields.confirmPassword")}
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => {
              form.setConfirmPassword(event.target.value);
              setErrors({});
            }}
            error={errors.confirmPassword ? t(`common:${errors.confirmPassword}`) : null}
            disabled={!token}
          />
          {errors.confirmPassword ? null : (
            <PasswordMatchIndicator password={password} confirmPassword={confirmPassword} />
          )}
        </div>
        {reset.isError && !linkInvalid ? (
          <Alert variant="error" title={t("reset.failedTitle")}>
            {t("reset.failed", { message: errorText(reset.error) })}
          </Alert>
        ) : null}
        <Button
          type="submit"
          className="w-full"
          loading={reset.isPending}
          disabled={linkInvalid || password === "" || confirmPassword === ""}
        >
          {t("reset.submit")}
        </Button>
        <Link to={PATHS.login} className="flex items-center justify-center gap-1 text-sm text-accent hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("reset.backToLogin")}
        </Link>
      </form>
    </AuthCard>
  );
}
