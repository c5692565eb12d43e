import { ArrowRight, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "../../components/link.tsx";

/** A card that leads to a feature page with one sentence about it. */
export function QuickLinkCard({
  to,
  icon: Icon,
  title,
  text,
  children,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
  /** Under the sentence (a figure, inline elements only). */
  children?: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="group flex items-start gap-3 rounded-lg border border-border bg-surface-raised p-4 transition hover:border-accent sm:p-6"
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1 font-semibold">
          {title}
          <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
        </span>
        <span className="mt-1 block text-sm text-text-muted">{text}</span>
        {children}
      </span>
    </Link>
  );
}
