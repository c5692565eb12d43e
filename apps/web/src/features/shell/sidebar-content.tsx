import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "../../components/link.tsx";
import { Logo } from "../../components/logo.tsx";
import { cn } from "../../lib/cn.ts";
import { usePublicConfig } from "../../state/config/index.ts";
import { useMe } from "../../state/session/index.ts";
import { EXTERNAL_NAV_ITEMS, isNavItemActive, NAV_ITEMS } from "./nav-items.ts";
import { PlanCard } from "./plan-card.tsx";
import { UserCard } from "./user-card.tsx";

/**
 * The navigation column, used by the desktop sidebar and the mobile menu.
 * Test ids carry a prefix so the two never clash ("" on desktop, "mobile-" in the menu).
 */
export function SidebarContent({ testIdPrefix = "" }: { testIdPrefix?: string }) {
  const { t } = useTranslation("layout");
  const { pathname } = useLocation();
  const me = useMe();
  const config = usePublicConfig();
  const itemClass = "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition";

  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto p-4">
      <Logo to="/dashboard" className="px-2" />
      <nav aria-label={t("nav.label")} data-testid={`${testIdPrefix}sidebar-nav`} className="flex-1">
        <ul className="space-y-1">
          {NAV_ITEMS.map((item) => {
            const active = isNavItemActive(item, pathname);
            const Icon = item.icon;
            return (
              <li key={item.key}>
                <Link
                  to={item.to}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    itemClass,
                    active
                      ? "bg-gradient-pulse text-white shadow-sm"
                      : "text-text-muted hover:bg-surface-sunken hover:text-text",
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            );
          })}
        </ul>
        <p className="mt-6 mb-2 px-3 text-xs font-semibold tracking-wide text-text-muted uppercase">
          {t("nav.external")}
        </p>
        <ul className="space-y-1">
          {EXTERNAL_NAV_ITEMS.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.key}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cn(itemClass, "text-text-muted hover:bg-surface-sunken hover:text-text")}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="flex-1">{t(`nav.${item.key}`)}</span>
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only">{t("nav.opensInNewTab")}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="space-y-4 border-t border-border pt-4">
        <PlanCard me={me.data ?? undefined} config={config.data} testId={`${testIdPrefix}plan-card`} />
        <UserCard email={me.data?.user.email} testIdPrefix={testIdPrefix} />
      </div>
    </div>
  );
}
