import { ArrowLeft, House, SearchX } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button, buttonClassName } from "../../components/button.tsx";
import { Link } from "../../components/link.tsx";
import { PATHS } from "../../lib/paths.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useCountdown } from "./use-countdown.ts";

/** Back to the start page after 5 s. */
export const NOT_FOUND_REDIRECT_SECONDS = 5;

/** Any unknown path. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t("notFound.title"));
  const goHome = useCallback(() => navigate(PATHS.home, { replace: true }), [navigate]);
  const secondsLeft = useCountdown(NOT_FOUND_REDIRECT_SECONDS, goHome);

  return (
    <div className="mx-auto max-w-md py-8 text-center" data-testid="not-found">
      <SearchX className="mx-auto size-12 text-text-muted" aria-hidden="true" />
      <p className="mt-4 text-sm font-semibold text-accent">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">{t("notFound.title")}</h1>
      <p className="mt-2 text-text-muted">{t("notFound.message")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to={PATHS.dashboard} className={buttonClassName("primary")}>
          <House className="size-4" aria-hidden="true" />
          {t("notFound.toDashboard")}
        </Link>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("actions.back")}
        </Button>
      </div>
      <p className="mt-6 text-sm text-text-muted" aria-live="polite" data-testid="not-found-countdown">
        {t("notFound.redirectHint", { count: secondsLeft })}
      </p>
    </div>
  );
}
