import type { LucideIcon } from "lucide-react";
import { BookOpen, Coins, CreditCard, Rocket, ShieldCheck } from "lucide-react";
import type { SectionId } from "./academy-data.ts";
import type { SectionView } from "./use-academy-content.ts";

const SECTION_ICONS: Record<SectionId, LucideIcon> = {
  basics: BookOpen,
  defi: Coins,
  tangem: CreditCard,
  security: ShieldCheck,
  advanced: Rocket,
};

/** The topic list (basics, DeFi, Tangem, security, advanced) with their articles. */
export function ArticleSections({ sections }: { sections: SectionView[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {sections.map((section) => {
        const Icon = SECTION_ICONS[section.id];
        return (
          <section
            key={section.id}
            aria-labelledby={`topic-${section.id}`}
            className="rounded-lg border border-border bg-surface-raised p-6"
          >
            <div className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-sunken text-accent">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <h3 id={`topic-${section.id}`} className="font-semibold text-text">
                  {section.title}
                </h3>
                <p className="text-sm text-text-muted">{section.description}</p>
              </div>
            </div>
            <ul className="mt-4 divide-y divide-border">
              {section.articles.map((article) => (
                <li key={article.title} className="py-3 first:pt-0 last:pb-0">
                  <h4 className="text-sm font-semibold text-text">{article.title}</h4>
                  <p className="mt-1 text-sm leading-6 text-text-muted">{article.summary}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
