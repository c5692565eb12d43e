import { Mail, MessageSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "../../components/link.tsx";
import { usePublicConfig } from "../../state/config/index.ts";

const FOOTER_LINKS = [
  { to: "/disclaimer", key: "disclaimer" },
  { to: "/privacy", key: "privacy" },
  { to: "/terms", key: "terms" },
  { to: "/wallet", key: "wallet" },
  { to: "/roi", key: "roi" },
  { to: "/tax", key: "tax" },
  { to: "/academy", key: "academy" },
] as const;

interface AppFooterProps {
  onContact: () => void;
  /** The feedback button appears only where a handler is given (main layout). */
  onFeedback?: () => void;
  /** The minimal layout serves visitors: app links are left out there. */
  variant?: "main" | "minimal";
}

export function AppFooter({ onContact, onFeedback, variant = "main" }: AppFooterProps) {
  const { t } = useTranslation("shell");
  const config = usePublicConfig();
  const links = variant === "main" ? FOOTER_LINKS : FOOTER_LINKS.slice(0, 3);
  const linkClass = "rounded-sm text-text-muted hover:text-text";
  const width = variant === "main" ? "max-w-[1280px]" : "max-w-5xl";
  return (
    <footer className="border-t border-border px-4 py-6 text-sm">
      <div className={`mx-auto flex ${width} flex-col gap-4 md:flex-row md:items-center md:justify-between`}>
        <nav aria-label={t("footer.label")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(`footer.links.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {onFeedback ? (
            <button type="button" onClick={onFeedback} className={`inline-flex items-center gap-1.5 ${linkClass}`}>
              <MessageSquare className="size-4" aria-hidden="true" />
              {t("footer.feedback")}
            </button>
          ) : null}
          <button type="button" onClick={onContact} className={`inline-flex items-center gap-1.5 ${linkClass}`}>
            <Mail className="size-4" aria-hidden="true" />
            {t("footer.contact")}
          </button>
        </div>
      </div>
      <p className={`mx-auto mt-4 ${width} text-xs text-text-muted`}>
        {t("footer.notice")}
        {config.data ? ` · PulseManager ${config.data.version}` : null}
      </p>
    </footer>
  );
}
