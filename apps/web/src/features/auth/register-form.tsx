import { canSubmitRegister, MIN_PASSWORD_LENGTH, registerSchema } from "@pulsemanager/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Link } from "../../components/link.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { ME_QUERY_KEY } from "../../lib/boot-query-keys.ts";
import { fieldErrors } from "../../lib/form-errors.ts";
import { PATHS } from "../../lib/paths.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { authApi } from "./auth-api.ts";
import { EmailField } from "./email-field.tsx";
import { PasswordMatchIndicator } from "./password-match-indicator.tsx";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";
import { useRedirectAfter } from "./use-redirect-after.ts";

/** 3 s to read the "confirm your e-mail" message, 2 s when already signed in. */
export const REGISTER_REDIRECT_MS = 3_000;
export const REGISTER_SIGNED_IN_REDIRECT_MS = 2_000;

/** After signing up: to the login (confirm the mail first), or, signed in at once, on through the guest guard. */
function useRedirectsAfterSignUp(succeeded: boolean, signedIn: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useRedirectAfter(succeeded && !signedIn, REGISTER_REDIRECT_MS, () => {
    navigate({ pathname: PATHS.login, search: location.search }, { replace: true });
  });
  // A server without mandatory confirmation signs the user in at once: the guest guard moves on.
  useRedirectAfter(succeeded && signedIn, REGISTER_SIGNED_IN_REDIRECT_MS, () => {
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  });
}

function RegisterSuccess({ signedIn, email }: { signedIn: boolean; email: string }) {
  const { t } = useTranslation("auth");
  return (
    <Alert variant="success" title={t("register.successTitle")}>
      <p>{signedIn ? t("register.successSignedIn") : t("register.successConfirm", { email })}</p>
      {signedIn ? null : <p className="mt-2 text-text-muted">{t("register.redirectHint")}</p>}
    </Alert>
  );
}

export function RegisterForm() {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signUp = useMutation({ mutationFn: authApi.signUp });
  const signedIn = Boolean(signUp.data?.token);

  useRedirectsAfterSignUp(signUp.isSuccess, signedIn);

  const canSubmit = canSubmitRegister(email, password, confirmPassword);
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerSchema.safeParse({ email, password, confirmPassword });
    setErrors(fieldErrors(parsed));
    if (parsed.success && canSubmit) signUp.mutate({ email: parsed.data.email, password: parsed.data.password });
  };

  if (signUp.isSuccess) {
    return <RegisterSuccess signedIn={signedIn} email={email} />;
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <div className="space-y-2">
        <PasswordField
          id="password"
          label={t("fields.password")}
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="password-strength"
          error={tooShort || errors.password ? t(`common:${errors.password ?? "validation.passwordTooShort"}`) : null}
        />
        <PasswordStrengthMeter id="password-strength" password={password} />
      </div>
      <div className="space-y-1">
        <PasswordField
          id="confirmPassword"
          label={t("fields.confirmPassword")}
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <PasswordMatchIndicator password={password} confirmPassword={confirmPassword} />
      </div>

      {signUp.isError ? (
        <Alert variant="error" title={t("register.failedTitle")}>
          {errorText(signUp.error)}
        </Alert>
      ) : null}

      <p className="text-xs text-text-muted">{t("register.trialNote")}</p>
      <Button type="submit" className="w-full" loading={signUp.isPending} disabled={!canSubmit}>
        {t("register.submit")}
      </Button>
      <p className="text-center text-sm text-text-muted">
        {t("register.haveAccount")}{" "}
        <Link
          to={{ pathname: PATHS.login, search: location.search }}
          className="font-medium text-accent hover:underline"
        >
          {t("register.loginLink")}
        </Link>
      </p>
    </form>
  );
}
