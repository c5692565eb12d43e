import { Bell } from "lucide-react";
import { type Ref, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../../components/link.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { PATHS } from "../../lib/paths.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { badgeText } from "./bell-label.ts";
import { NotificationItems } from "./notification-items.tsx";
import { useMarkRead, useNotifications } from "./notifications-api.ts";
import { useOpenNotification } from "./use-open-notification.ts";

/**
 * The top bar's bell: the unread count, and a panel with the newest notifications (a dropdown on a
 * desktop, the screen's width below the top bar on a phone). The list is asked for again every minute
 * while the tab is visible. Escape or a click outside closes the panel.
 */
export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const list = useNotifications();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const { refetch } = list;

  useEffect(() => {
    if (!open) return;
    void refetch();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, refetch]);

  const unread = list.data?.unread ?? 0;
  const badge = badgeText(unread);
  return (
    <div ref={rootRef} className="relative">
      <BellButton
        ref={buttonRef}
        label={t("bell.label", { count: unread })}
        badge={badge}
        open={open}
        panelId={panelId}
        onClick={() => setOpen((v) => !v)}
      />
      {open ? <BellPanel id={panelId} onClose={close} /> : null}
    </div>
  );
}

interface BellButtonProps {
  ref?: Ref<HTMLButtonElement>;
  label: string;
  badge: string | null;
  open: boolean;
  panelId: string;
  onClick: () => void;
}

/** The bell itself: its accessible name says the unread count, the badge shows it. */
export function BellButton({ ref, label, badge, open, panelId, onClick }: BellButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      data-testid="notification-bell"
      className="relative inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg border border-border bg-surface-raised px-2 text-text-muted hover:text-text"
    >
      <Bell className="size-4" aria-hidden="true" />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="tabular absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-negative px-1 text-center text-[11px] leading-5 font-semibold text-accent-contrast"
        >
          {badge}
        </span>
      ) : null}
    </button>
  );
}

function BellPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation("notifications");
  const errorText = useErrorText();
  const list = useNotifications();
  const markRead = useMarkRead();
  const openNotification = useOpenNotification(onClose);
  const headingId = `${id}-title`;
  const data = list.data;
  const unread = data?.unread ?? 0;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-testid="notification-panel"
      className="fixed inset-x-2 top-16 z-40 flex max-h-[90vh] flex-col overflow-hidden rounded-lg border border-border bg-surface-raised text-text shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:max-h-[70vh] sm:w-96"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-3 py-2">
        <h2 id={headingId} className="text-sm font-semibold">
          {t("bell.title")}
        </h2>
        <button
          type="button"
          onClick={() => markRead.mutate(undefined)}
          disabled={unread === 0 || markRead.isPending}
          className="rounded-md px-2 py-1 text-xs font-medium text-accent hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t("list.markAllRead")}
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {data === undefined ? (
          list.isError ? (
            <p className="p-4 text-sm text-negative" role="alert">
              {t("list.loadFailed")} {errorText(list.error)}
            </p>
          ) : (
            <div className="p-4">
              <Spinner label={t("list.loading")} />
            </div>
          )
        ) : data.notifications.length === 0 ? (
          <p className="p-4 text-sm text-text-muted">{t("list.empty")}</p>
        ) : (
          <NotificationItems notifications={data.notifications} onOpen={openNotification} compact />
        )}
        {markRead.isError ? (
          <p className="px-3 pb-3 text-xs text-negative" role="alert">
            {errorText(markRead.error)}
          </p>
        ) : null}
      </div>
      <div className="border-t border-border px-3 py-2">
        <Link
          to={`${PATHS.settings}#notifications`}
          onClick={onClose}
          className="text-xs font-medium text-accent underline-offset-2 hover:underline"
        >
          {t("bell.settings")}
        </Link>
      </div>
    </section>
  );
}
