import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogIn, LogOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../components/alert.tsx";
import { buttonClassName } from "../../components/button.tsx";
import { Link } from "../../components/link.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { PATHS } from "../../lib/paths.ts";
import { verifyEmailQueryKey } from "../../lib/query-keys.ts";
import { usePublicConfig } from "../../state/config/index.ts";
import { meQueryOptions } from "../../state/session/index.ts";
import { authApi } from "./auth-api.ts";
import { AuthCard } from "./auth-card.tsx";
import { callbackErrorKind, signedInAsOf } from "./auth-errors.ts";
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

  // A query (not an effect) so the single-use token is sent once, also under StrictMode.
  const verify = useQuery({
    queryKey: verifyEmailQueryKey(token),
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
  if (kind === "signedInAsOther") {
    // Signed out, the page opens the link afresh (a new load: no query of the old account stays behind).
    const signOutAndConfirm = async () => {
      await authApi.signOut().catch(() => undefined);
      window.location.reload();
    };
    return <OtherAccountSignedIn email={signedInAsOf(verify.error)} onSignOut={signOutAndConfirm} />;
  }
  return <CallbackError kind={kind} />;
}

/** The link could not be used: why, the way to sign in, a new mail, the support address. */
function CallbackError({ kind }: { kind: ReturnType<typeof callbackErrorKind> }) {
  const { t } = useTranslation("auth");
  const config = usePublicConfig();
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

/**
 * The link is for another account than the one this browser is signed in to: nothing changes until the
 * user chooses (a page of someone else may have opened the link to sign the user in to their account).
 */
function OtherAccountSignedIn({ email, onSignOut }: { email: string; onSignOut: () => Promise<void> }) {
  const { t } = useTranslation("auth");
  const [pending, setPending] = useState(false);
  return (
    <AuthCard title={t("callback.errors.signedInAsOtherTitle")}>
      <div className="space-y-6">
        <Alert variant="warning" title={t("callback.errors.signedInAsOtherTitle")}>
          {t("callback.errors.signedInAsOther", { email })}
        </Alert>
        <Link to={PATHS.dashboard} className={buttonClassName("primary", "w-full")}>
          {t("callback.keepSession", { email })}
        </Link>
        <button
          type="button"
          disabled={pending}
          className={buttonClassName("secondary", "w-full")}
          onClick={() => {
            setPending(true);
            void onSignOut().finally(() => setPending(false));
          }}
        >
          <LogOut className="size-4" aria-hidden="true" />
          {t("callback.signOutAndConfirm")}
        </button>
      </div>
    </AuthCard>
  );
}
