import { Clock, ExternalLink, GraduationCap, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CourseView } from "./use-academy-content.ts";

/**
 * A course with a video slot. The slot is a placeholder with a link instead
 * of an embedded player: the CSP forbids external frames, and nothing is sent
 * to a video platform before the user clicks.
 */
export function CourseCard({ course }: { course: CourseView }) {
  const { t } = useTranslation("academy");
  const titleId = `course-${course.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface-raised"
    >
      <div className="flex aspect-video max-h-52 w-full flex-col items-center justify-center gap-3 border-b border-border bg-surface-sunken p-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-contrast">
          <Play className="size-6 translate-x-0.5" aria-hidden="true" />
        </span>
        <p className="text-sm text-text-muted">{t("courses.videoCaption")}</p>
        <a
          href={course.videoUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-accent underline-offset-2 hover:underline"
        >
          {t("courses.watchVideo")}
          <ExternalLink className="size-3.5" aria-hidden="true" />
          <span className="sr-only">{t("newTab")}</span>
        </a>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 id={titleId} className="text-lg font-semibold text-text">
          {course.title}
        </h3>
        <p className="mt-2 text-sm leading-6 text-text-muted">{course.description}</p>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <div className="flex items-center gap-2">
            <Clock className="size-4 text-text-muted" aria-hidden="true" />
            <dt className="sr-only">{t("courses.durationLabel")}</dt>
            <dd className="tabular text-text">{t("courses.duration", { minutes: course.minutes })}</dd>
          </div>
          <div className="flex items-center gap-2">
            <GraduationCap className="size-4 text-text-muted" aria-hidden="true" />
            <dt className="sr-only">{t("courses.levelLabel")}</dt>
            <dd className="text-text">{course.levelLabel}</dd>
          </div>
        </dl>
        <div className="mt-auto pt-6">
          <a
            href={course.href}
            target="_blank"
            rel="noopener noreferrer"
            className="bg-gradient-pulse inline-flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-white hover:opacity-90 sm:w-auto"
          >
            {t("courses.start")}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">{t("newTab")}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
