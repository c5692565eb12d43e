import type { LucideIcon } from "lucide-react";
import { Code, GraduationCap, Users } from "lucide-react";
import { useTranslation } from "react-i18next";

const HIGHLIGHTS: ReadonlyArray<{ id: "community" | "developers" | "education"; icon: LucideIcon }> = [
  { id: "community", icon: Users },
  { id: "developers", icon: Code },
  { id: "education", icon: GraduationCap },
];

/** Three cards: community, developer ecosystem, education. */
export function HighlightCards() {
  const { t } = useTranslation("academy");
  return (
    <section aria-labelledby="academy-highlights">
      <h2 id="academy-highlights" className="sr-only">
        {t("highlights.title")}
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {HIGHLIGHTS.map(({ id, icon: Icon }) => (
          <li key={id} className="rounded-lg border border-border bg-surface-raised p-6">
            <span className="flex size-10 items-center justify-center rounded-lg bg-surface-sunken text-accent">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-semibold text-text">{t(`highlights.${id}.title`)}</h3>
            <p className="mt-2 text-sm leading-6 text-text-muted">{t(`highlights.${id}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
