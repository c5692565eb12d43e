import { GraduationCap, SearchX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { AcademyUnavailable } from "./academy-unavailable.tsx";
import { ArticleSections } from "./article-sections.tsx";
import { CourseCard } from "./course-card.tsx";
import { HighlightCards } from "./highlight-cards.tsx";
import { ResourceList } from "./resource-list.tsx";
import { SearchBox } from "./search-box.tsx";
import { useAcademyContent } from "./use-academy-content.ts";

/** /academy: courses, topics and links, filtered by the search field. */
export default function AcademyPage() {
  const { i18n } = useTranslation("academy");
  // Sentinel: without the academy catalogue there is nothing meaningful to show.
  if (!i18n.exists("title", { ns: "academy" })) return <AcademyUnavailable />;
  return <Academy />;
}

function Academy() {
  const { t } = useTranslation("academy");
  const [query, setQuery] = useState("");
  usePageTitle(t("title"));
  const { courses, sections, resources, matchCount } = useAcademyContent(query);
  if (courses.length + sections.length + resources.length === 0 && !query.trim()) return <AcademyUnavailable />;

  return (
    <div className="space-y-10">
      <header className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex items-start gap-4">
          <span className="bg-gradient-pulse flex size-11 shrink-0 items-center justify-center rounded-lg text-white">
            <GraduationCap className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words hyphens-auto text-text sm:text-3xl">
              {t("title")}
            </h1>
            <p className="mt-1 max-w-prose text-text-muted">{t("subtitle")}</p>
          </div>
        </div>
        <SearchBox value={query} onChange={setQuery} matchCount={matchCount} />
      </header>

      <HighlightCards />

      {matchCount === 0 ? (
        <div className="rounded-lg border border-border bg-surface-raised p-6 text-center">
          <SearchX className="mx-auto size-8 text-text-muted" aria-hidden="true" />
          <p className="mt-3 text-text">{t("search.noResults", { query: query.trim() })}</p>
          <button
            type="button"
            onClick={() => setQuery("")}
            className="mt-4 rounded-lg border border-border px-4 py-2 text-sm font-medium text-text hover:bg-surface-sunken"
          >
            {t("search.reset")}
          </button>
        </div>
      ) : null}

      {courses.length > 0 ? (
        <Block id="academy-courses" title={t("courses.title")} note={t("courses.videoNote")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
        </Block>
      ) : null}

      {sections.length > 0 ? (
        <Block id="academy-topics" title={t("sections.title")}>
          <ArticleSections sections={sections} />
        </Block>
      ) : null}

      {resources.length > 0 ? (
        <Block id="academy-resources" title={t("resources.title")}>
          <ResourceList resources={resources} />
        </Block>
      ) : null}
    </div>
  );
}

function Block({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-text">
        {title}
      </h2>
      {note ? <p className="mt-1 max-w-prose text-sm text-text-muted">{note}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
