import { LoaderCircle, LogOut, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "../../components/link.tsx";
import { PATHS } from "../../lib/paths.ts";
import { useLogout } from "../auth/index.ts";

/** E-mail initial, e-mail (or Anonymous), the 'PulseChainer' badge, Settings and Logout. */
export function UserCard({ email, testIdPrefix }: { email: string | undefined; testIdPrefix: string }) {
  const { t } = useTranslation("layout");
  const { pathname } = useLocation();
  const { logout, pending } = useLogout();
  const initial = (email?.trim()[0] ?? "?").toUpperCase();
  const rowClass =
    "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-text-muted transition " +
    "hover:bg-surface-sunken hover:text-text disabled:opacity-50";
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <span
          className="bg-gradient-pulse grid size-9 shrink-0 place-items-center rounded-full text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {initial}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium" title={email} data-testid={`${testIdPrefix}user-email`}>
            {email || t("user.anonymous")}
          </p>
          <span className="mt-0.5 inline-block rounded-full border border-border px-2 py-0.5 text-xs text-text-muted">
            {t("user.badge")}
          </span>
        </div>
      </div>
      <div className="space-y-1">
        <Link to={PATHS.settings} className={rowClass} aria-current={pathname === PATHS.settings ? "page" : undefined}>
          <Settings className="size-4 shrink-0" aria-hidden="true" />
          {t("user.settings")}
        </Link>
        <button
          type="button"
          className={rowClass}
          onClick={() => void logout()}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? (
            <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          ) : (
            <LogOut className="size-4 shrink-0" aria-hidden="true" />
          )}
          {t("user.logout")}
        </button>
      </div>
    </div>
  );
}
