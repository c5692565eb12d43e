import { useTranslation } from "react-i18next";
import { COURSES, type Course, RESOURCES, resolveLink, SECTION_IDS, type SectionId } from "./academy-data.ts";
import { type Article, matchesTerms, searchTerms, toArticles } from "./academy-search.ts";

export interface CourseView extends Course {
  title: string;
  description: string;
  levelLabel: string;
  href: string;
}

export interface SectionView {
  id: SectionId;
  title: string;
  description: string;
  articles: Article[];
}

export interface ResourceView {
  id: string;
  title: string;
  description: string;
  href: string;
}

export interface AcademyContent {
  courses: CourseView[];
  sections: SectionView[];
  resources: ResourceView[];
  /** Number of courses, articles and links that match the query. */
  matchCount: number;
}

/** The academy's translated content, filtered by the search query. */
export function useAcademyContent(query: string): AcademyContent {
  const { t, i18n } = useTranslation("academy");
  const terms = searchTerms(query);

  const courses = COURSES.map((course) => ({
    ...course,
    title: t(`courses.items.${course.id}.title`),
    description: t(`courses.items.${course.id}.description`),
    levelLabel: t(`levels.${course.level}`),
    href: resolveLink(course.url, i18n.language),
  })).filter((course) => matchesTerms(terms, course.title, course.description, course.levelLabel));

  const sections = SECTION_IDS.map((id) => {
    const title = t(`sections.${id}.title`);
    const description = t(`sections.${id}.description`);
    // An article matches when the words occur in it or in its topic's heading.
    const articles = toArticles(t(`sections.${id}.articles`, { returnObjects: true })).filter((article) =>
      matchesTerms(terms, title, description, article.title, article.summary),
    );
    return { id, title, description, articles };
  }).filter((section) => section.articles.length > 0);

  const resources = RESOURCES.map((resource) => ({
    id: resource.id,
    title: t(`resources.${resource.id}.title`),
    description: t(`resources.${resource.id}.description`),
    href: resolveLink(resource.url, i18n.language),
  })).filter((resource) => matchesTerms(terms, resource.title, resource.description));

  const articleCount = sections.reduce((sum, section) => sum + section.articles.length, 0);
  return { courses, sections, resources, matchCount: courses.length + articleCount + resources.length };
}
