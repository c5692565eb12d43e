import type { ReactNode } from "react";
import { usePageTitle } from "../lib/use-page-title.ts";

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** The browser tab title, when it should differ from the heading. */
  documentTitle?: string;
}

export function PageHeader({ title, subtitle, actions, documentTitle }: PageHeaderProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-text">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-text-muted">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
