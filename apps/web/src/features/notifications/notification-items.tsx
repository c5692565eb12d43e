import { alertText, type Notification } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format-number.ts";
import { displayLanguage, notificationTime } from "./notification-time.ts";

interface NotificationItemsProps {
  notifications: readonly Notification[];
  /** A click: mark it read and go to its page. */
  onOpen: (notification: Notification) => void;
  /** The bell's short form: the first line only. */
  compact?: boolean;
  now?: Date;
}

/**
 * Notifications in the words of their mail (core's alertText, in the page's language), newest first;
 * unread ones marked by a dot, bold title and the word "Ungelesen".
 */
export function NotificationItems({
  notifications,
  onOpen,
  compact = false,
  now = new Date(),
}: NotificationItemsProps) {
  const { t, i18n } = useTranslation("notifications");
  const lang = displayLanguage(i18n.language);
  return (
    <ul className="divide-y divide-border" data-testid="notification-items">
      {notifications.map((n) => {
        const text = alertText(n.facts, lang);
        const unread = n.readAt === null;
        const lines = compact ? text.lines.slice(0, 1) : text.lines;
        return (
          <li key={n.id}>
            <button
              type="button"
              onClick={() => onOpen(n)}
              data-testid="notification"
              data-unread={unread ? "true" : "false"}
              className="flex w-full gap-3 px-3 py-3 text-left transition hover:bg-surface-sunken"
            >
              <span
                aria-hidden="true"
                className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-accent" : "bg-transparent")}
              />
              <span className="min-w-0 flex-1 space-y-1">
                <span className={cn("block text-sm break-words", unread ? "font-semibold text-text" : "text-text")}>
                  {text.title}
                </span>
                {lines.map((line) => (
                  <span key={line} className="block text-xs break-words text-text-muted">
                    {line}
                  </span>
                ))}
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-text-muted">
                  <time dateTime={n.createdAt} title={formatDateTime(n.createdAt, lang)}>
                    {notificationTime(n.createdAt, now, lang) ?? t("list.justNow")}
                  </time>
                  {unread ? (
                    <span className="rounded-full bg-accent/15 px-1.5 py-0.5 font-medium text-text">
                      {t("list.unread")}
                    </span>
                  ) : (
                    <span className="sr-only">{t("list.read")}</span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
