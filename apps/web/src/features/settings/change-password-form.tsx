import { updatePasswordSchema } from "@pulsemanager/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { errorCode } from "../../lib/error-message.ts";
import { fieldErrors } from "../../lib/form-errors.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useToast } from "../../state/toast/index.ts";
import { authApi, PasswordMatchIndicator } from "../auth/index.ts";

/** The form's state: the three passwords, the choice to sign out elsewhere, the errors and the call. */
function useChangePassword() {
  const { t } = useTranslation("settings");
  const { showToast } = useToast();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [revokeOtherSessions, setRevokeOtherSessions] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = useMutation({
    mutationFn: authApi.changePassword,
    onSuccess: () => {
      setCurrentPassword("");
      setNewPassword("");
      setConfirmPassword("");
      showToast({ title: t("password.successTitle"), description: t("password.successText") });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updatePasswordSchema.safeParse({ password: newPassword, confirmPassword });
    const next = fieldErrors(parsed);
    if (currentPassword === "") next.currentPassword = "validation.passwordRequired";
    setErrors(next);
    if (parsed.success && currentPassword !== "") {
      change.mutate({ currentPassword, newPassword: parsed.data.password, revokeOtherSessions });
    }
  };

  const wrongPassword = errorCode(change.error) === "INVALID_PASSWORD";
  return {
    currentPassword,
    setCurrentPassword,
    newPassword,
    setNewPassword,
    confirmPassword,
    setConfirmPassword,
    revokeOtherSessions,
    setRevokeOtherSessions,
    errors,
    setErrors,
    change,
    onSubmit,
    wrongPassword,
  };
}

/** Current, new and confirmation -> POST /api/auth/change-password. */
export function ChangePasswordForm() {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const form = useChangePassword();
  const { currentPassword, newPassword, confirmPassword, errors, setErrors, change, wrongPassword } = form;

  return (
    <Card>
      <h2 className="font-semibold">{t("password.title")}</h2>
      <form noValidate onSubmit={form.onSubmit} className="mt-4 max-w-md space-y-4">
        <PasswordField
          id="currentPassword"
          label={t("password.current")}
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => {
            form.setCurrentPassword(event.target.value);
            setErrors({});
          }}
          error={errors.currentPassword ? t(`common:${errors.currentPassword}`) : null}
        />
        <PasswordField
          id="newPassword"
          label={t("password.new")}
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => {
            form.setNewPassword(event.target.value);
            setErrors({});
          }}
          error={errors.password ? t(`common:${errors.password}`) : null}
        />
        <div className="space-y-1">
          <PasswordField
            id="confirmPassword"
            label={t("password.confirm")}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              form.setConfirmPassword(event.target.value);
              setErrors({});
            }}
            error={errors.confirmPassword ? t(`common:${errors.confirmPassword}`) : null}
          />
          {errors.confirmPassword ? null : (
            <PasswordMatchIndicator password={newPassword} confirmPassword={confirmPassword} />
          )}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="revokeOtherSessions"
            checked={form.revokeOtherSessions}
            onChange={(event) => form.setRevokeOtherSessions(event.target.checked)}
            className="size-4 accent-[var(--accent)]"
          />
          {t("password.revokeOthers")}
        </label>
        {change.isError ? (
          <Alert variant="error">{wrongPassword ? t("password.wrongCurrent") : errorText(change.error)}</Alert>
        ) : null}
        <Button type="submit" loading={change.isPending}>
          {t("password.submit")}
        </Button>
      </form>
    </Card>
  );
}
