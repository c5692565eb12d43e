import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { errorCode } from "../../lib/error-message.ts";
import { PATHS } from "../../lib/paths.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { endSession } from "../../state/session/index.ts";
import { useToast } from "../../state/toast/index.ts";
import { accountApi } from "../account/index.ts";

/** 'Konto löschen': asks for the password once more, then deletes everything. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [password, setPassword] = useState("");

  const remove = useMutation({
    mutationFn: accountApi.deleteAccount,
    onSuccess: async () => {
      await endSession(queryClient);
      showToast({ title: t("data.deletedTitle"), description: t("data.deletedText") });
      await navigate(PATHS.login, { replace: true });
    },
  });

  const close = (next: boolean) => {
    if (!next) {
      setPassword("");
      remove.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== "") remove.mutate(password);
  };

  const wrongPassword = errorCode(remove.error) === "INVALID_PASSWORD";

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t("data.deleteTitle")}
      description={t("data.deleteWarning")}
      testId="delete-account-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <PasswordField
          id="deleteAccountPassword"
          name="password"
          label={t("data.deletePasswordLabel")}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {remove.isError ? (
          <Alert variant="error">{wrongPassword ? t("data.wrongPassword") : errorText(remove.error)}</Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending} disabled={password === ""}>
            {t("data.deleteConfirm")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
