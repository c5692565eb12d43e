import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../components/alert.tsx";
import { buttonClassName } from "../../components/button.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { PATHS } from "../../lib/paths.ts";
import { usePublicConfig } from "../config/index.ts";
import { meQueryOptions } from "../session/index.ts";
import { authApi } from "./auth-api.ts";
import { AuthCard } from "./auth-card.tsx";
import { callbackErrorKind } from "./auth-errors.ts";
import { ResendConfirmationForm } from "./resend-confirmation-form.tsx";
import { useRedirectAfter } from "./use-redirect-after.ts";

/** 2 s on the success message. */
export const CALLBACK_REDIRECT_MS = 2_000;

/** /auth/callback?token=T: the return from the confirmation mail (processing, success, error). */
export default function CallbackPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = usePublicConfig();

  // A query (not an effect) so the single-use token is sent once, also under StrictMode.
  const verify = useQuery({
    queryKey: ["verify-email", token],
    queryFn: () => authApi.verifyEmail(token ?? ""),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useRedirectAfter(verify.isSuccess, CALLBACK_REDIRECT_MS, () => {
    // The confirmation signed the user in: read the new session before entering the protected area.
    void queryClient
      .fetchQuery({ ...meQueryOptions, staleTime: 0 })
      .catch(() => undefined)
      .finally(() => navigate(PATHS.dashboard, { replace: true }));
  });

  if (token && verify.isPending) {
    return (
      <AuthCard title={t("callback.processingTitle")}>
        <Spinner label={t("callback.processing")} className="py-8" />
      </AuthCard>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthCard title={t("callback.successTitle")}>
        <Alert variant="success" title={t("callback.successHeadline")}>
          <p>{t("callback.successText")}</p>
          <p className="mt-2 text-text-muted">{t("callback.successRedirect")}</p>
        </Alert>
      </AuthCard>
    );
  }

  const kind = callbackErrorKind(token, verify.error);
  const supportEmail = config.data?.supportEmail;
  return (
    <AuthCard title={t("callback.errorTitle")}>
      <div className="space-y-6">
        <Alert variant="error" title={t(`callback.errors.${kind}Title`)}>
          {t(`callback.errors.${kind}`)}
        </Alert>
        <Link to={PATHS.login} className={buttonClassName("primary", "w-full")}>
          <LogIn className="size-4" aria-hidden="true" />
          {t("callback.toLogin")}
        </Link>
        <div className="border-t border-border pt-6">
          <h2 className="mb-1 text-sm font-semibold">{t("callback.newMailTitle")}</h2>
          <p className="mb-3 text-sm text-text-muted">{t("callback.newMailText")}</p>
          <ResendConfirmationForm />
        </div>
        {supportEmail ? (
          <p className="text-xs text-text-muted">
            {t("callback.support")}{" "}
            <a href={`mailto:${supportEmail}`} className="text-accent hover:underline">
              {supportEmail}
            </a>
          </p>
        ) : null}
      </div>
    </AuthCard>
  );
}
