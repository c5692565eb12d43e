import type { LucideIcon } from "lucide-react";
import { TriangleExclamationPoint } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../lib/use-page-title.ts";

interface LegalPageLayoutProps {
  icon: LucideIcon;
  title: string;
  /** The formatted revision date, shown as "Stand: …". */
  date: string;
  /** Show the note that bracketed placeholders still need filling in. */
  showPlaceholderHint?: boolean;
  children: ReactNode;
}

/** Page frame shared by the disclaimer, privacy policy and terms. */
export function LegalPageLayout({
  icon: Icon,
  title,
  date,
  showPlaceholderHint = false,
  children,
}: LegalPageLayoutProps) {
  const { t } = useTranslation("legal");
  usePageTitle(title);
  return (
    <article className="mx-auto w-full max-w-3xl">
      <header className="mb-6 flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-raised text-accent">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words hyphens-auto text-text sm:text-3xl">
            {title}
          </h1>
          <p className="tabular mt-1 text-sm text-text-muted">{t("updated", { date })}</p>
        </div>
      </header>
      {showPlaceholderHint ? (
        <p
          role="note"
          className="mb-6 flex gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm leading-6 text-text"
        >
          <TriangleExclamationPoint className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>{t("placeholderHint")}</span>
        </p>
      ) : null}
      <div className="rounded-lg border border-border bg-surface-raised p-6 sm:p-8">{children}</div>
    </article>
  );
}
