import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { NotificationItems } from "./notification-items.tsx";
import { useMarkRead, useNotifications } from "./notifications-api.ts";
import { useOpenNotification } from "./use-open-notification.ts";

/** The settings' list: the newest 20 notifications, read and unread, and "Alle als gelesen markieren". */
export function RecentNotifications() {
  const { t } = useTranslation("notifications");
  const errorText = useErrorText();
  const list = useNotifications();
  const markRead = useMarkRead();
  const openNotification = useOpenNotification();
  const data = list.data;
  return (
    <div data-testid="recent-notifications">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-sm font-semibold">{t("list.title")}</h3>
        {data && data.unread > 0 ? (
          <Button variant="ghost" onClick={() => markRead.mutate(undefined)} loading={markRead.isPending}>
            {t("list.markAllRead")}
          </Button>
        ) : null}
      </div>
      <div className="mt-2">
        {data === undefined ? (
          list.isError ? (
            <p className="text-sm text-negative" role="alert">
              {t("list.loadFailed")} {errorText(list.error)}
            </p>
          ) : (
            <Spinner label={t("list.loading")} className="py-4" />
          )
        ) : data.notifications.length === 0 ? (
          <p className="text-sm text-text-muted">{t("list.empty")}</p>
        ) : (
          <div className="overflow-hidden rounded-lg border border-border">
            <NotificationItems notifications={data.notifications} onOpen={openNotification} />
          </div>
        )}
        {markRead.isError ? (
          <p className="mt-2 text-xs text-negative" role="alert">
            {errorText(markRead.error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
