import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface InfoCardProps {
  id: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  tone?: "default" | "warning";
}

/** A titled card with an icon; the title labels the section for screen readers. */
export function InfoCard({ id, icon: Icon, title, children, tone = "default" }: InfoCardProps) {
  const headingId = `${id}-heading`;
  const frame = tone === "warning" ? "border-warning/50" : "border-border";
  const iconTone = tone === "warning" ? "text-warning" : "text-accent";
  return (
    <section aria-labelledby={headingId} className={`rounded-lg border ${frame} bg-surface-raised p-6`}>
      <h2 id={headingId} className="flex items-center gap-3 text-lg font-semibold text-text">
        <Icon className={`size-5 shrink-0 ${iconTone}`} aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-4 space-y-3 leading-7 text-text">{children}</div>
    </section>
  );
}

/** Paragraphs in a card, keyed by their text. */
export function Paragraphs({ texts }: { texts: string[] }) {
  return (
    <>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </>
  );
}
