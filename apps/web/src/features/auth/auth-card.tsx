import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/use-page-title.ts";

/** The narrow card all auth screens sit in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-lg border border-border bg-surface-raised p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
