import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useWatchlist } from "../market/index.ts";
import { NotificationSettingsForm } from "./notification-settings-form.tsx";
import { useAlertSettings } from "./notifications-api.ts";
import { RecentNotifications } from "./recent-notifications.tsx";
import { TestMailButton } from "./test-mail-button.tsx";

/** The anchor of the section (the bell's and the unsubscribe page's link: /settings#notifications). */
export const NOTIFICATIONS_SECTION_ID = "notifications";

/** The settings' section "Benachrichtigungen": switches and thresholds, the test mail, the last 20. */
export function NotificationSettingsCard() {
  const { t, i18n } = useTranslation("notifications");
  const errorText = useErrorText();
  const settings = useAlertSettings();
  const watchlist = useWatchlist();
  const ready = settings.data !== undefined;

  // Opened from a link to the section: scrolled to once it is there.
  useEffect(() => {
    if (ready && window.location.hash === `#${NOTIFICATIONS_SECTION_ID}`)
      document.getElementById(NOTIFICATIONS_SECTION_ID)?.scrollIntoView();
  }, [ready]);

  const watched = watchlist.data?.tokens ?? null;
  return (
    <Card id={NOTIFICATIONS_SECTION_ID} aria-labelledby="notifications-title" className="scroll-mt-20">
      <h2 id="notifications-title" className="font-semibold">
        {t("settings.title")}
      </h2>
      <p className="mt-1 text-sm text-text-muted">{t("settings.intro")}</p>
      <div className="mt-2">
        {settings.data ? (
          <NotificationSettingsForm
            key={i18n.language}
            stored={settings.data}
            watched={watched}
            watchlistFailed={watchlist.isError}
          />
        ) : settings.isError ? (
          <div className="mt-2 space-y-2" role="alert">
            <p className="text-sm text-negative">
              {t("settings.loadFailed")} {errorText(settings.error)}
            </p>
            <Button variant="secondary" onClick={() => void settings.refetch()}>
              {t("settings.retry")}
            </Button>
          </div>
        ) : (
          <Spinner label={t("settings.loading")} className="py-6" />
        )}
      </div>
      <div className="mt-6 border-t border-border pt-4">
        <TestMailButton />
      </div>
      <div className="mt-6 border-t border-border pt-4">
        <RecentNotifications />
      </div>
    </Card>
  );
}
