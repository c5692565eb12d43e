import { canSubmitLogin } from "@pulsemanager/core/auth/form-readiness";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Link } from "../../components/link.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { ME_QUERY_KEY } from "../../lib/boot-query-keys.ts";
import { fieldErrors } from "../../lib/form-errors.ts";
import { PATHS } from "../../lib/paths.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { authApi } from "./auth-api.ts";
import { type LoginErrorView, loginErrorView } from "./auth-errors.ts";
import { EmailField } from "./email-field.tsx";
import { EmailNotVerifiedBox } from "./email-not-verified-box.tsx";
import { loadCredentialSchemas } from "./load-credential-schemas.ts";
import { useRedirectAfter } from "./use-redirect-after.ts";

/** The login success message stays 1.5 s. */
export const LOGIN_REDIRECT_MS = 1_500;

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

export function LoginForm({ email, onEmailChange, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation("auth");
  const queryClient = useQueryClient();
  const location = useLocation();
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<LoginErrorView | null>(null);

  const signIn = useMutation({
    mutationFn: authApi.signIn,
    onMutate: () => setFailure(null),
    onError: (error) => setFailure(loginErrorView(error)),
  });

  // After the message, re-read the session: the guest guard then sends the user on
  // to the page they came for (?redirect=) or the dashboard.
  useRedirectAfter(signIn.isSuccess, LOGIN_REDIRECT_MS, () => {
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitLogin(email, password)) return;
    const { loginSchema } = await loadCredentialSchemas();
    const parsed = loginSchema.safeParse({ email, password });
    setErrors(fieldErrors(parsed));
    if (parsed.success) signIn.mutate(parsed.data);
  };

  if (signIn.isSuccess) {
    return (
      <Alert variant="success" title={t("login.successTitle")}>
        {t("login.successText")}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} onFocus={() => void loadCredentialSchemas()} className="space-y-4">
      <EmailField value={email} onChange={onEmailChange} error={errors.email} />
      <div className="space-y-1">
        <PasswordField
          id="password"
          label={t("fields.password")}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password ? t(`common:${errors.password}`) : null}
        />
        <div className="text-right">
          <button type="button" onClick={onForgotPassword} className="rounded-sm text-sm text-accent hover:underline">
            {t("login.forgotPassword")}
          </button>
        </div>
      </div>

      <LoginFailure failure={failure} email={email} />

      <Button type="submit" className="w-full" loading={signIn.isPending} disabled={!canSubmitLogin(email, password)}>
        {t("login.submit")}
      </Button>
      <p className="text-center text-sm text-text-muted">
        {t("login.noAccount")}{" "}
        <Link
          to={{ pathname: PATHS.register, search: location.search }}
          className="font-medium text-accent hover:underline"
        >
          {t("login.registerLink")}
        </Link>
      </p>
    </form>
  );
}

/** Why signing in failed: wrong credentials (with tips), an unconfirmed address, or a message. */
function LoginFailure({ failure, email }: { failure: LoginErrorView | null; email: string }) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  return (
    <>
      {failure?.kind === "invalidCredentials" ? (
        <Alert variant="error" title={t("login.failedTitle")}>
          <p>{t("login.invalidCredentials")}</p>
          <ul className="mt-2 list-inside list-disc text-text-muted">
            <li>{t("login.tipCapsLock")}</li>
            <li>{t("login.tipEmail")}</li>
            <li>{t("login.tipForgot")}</li>
          </ul>
        </Alert>
      ) : null}
      {failure?.kind === "emailNotVerified" ? <EmailNotVerifiedBox email={email} /> : null}
      {failure?.kind === "message" ? (
        <Alert variant="error" title={t("login.failedTitle")}>
          {errorText(failure.message)}
        </Alert>
      ) : null}
    </>
  );
}
