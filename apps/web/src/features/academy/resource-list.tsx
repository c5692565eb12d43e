import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ResourceView } from "./use-academy-content.ts";

/** Official sites and tools, opened in a new tab. */
export function ResourceList({ resources }: { resources: ResourceView[] }) {
  const { t } = useTranslation("academy");
  return (
    <ul className="divide-y divide-border rounded-lg border border-border bg-surface-raised">
      {resources.map((resource) => (
        <li key={resource.id}>
          <a
            href={resource.href}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex items-start justify-between gap-4 px-6 py-4 hover:bg-surface-sunken"
          >
            <span className="min-w-0">
              <span className="block font-medium text-text group-hover:text-accent">{resource.title}</span>
              <span className="block text-sm text-text-muted">{resource.description}</span>
              <span className="block truncate font-mono text-xs text-text-muted">
                {resource.href.replace(/^https:\/\//, "")}
              </span>
            </span>
            <ExternalLink className="mt-1 size-4 shrink-0 text-text-muted group-hover:text-accent" aria-hidden="true" />
            <span className="sr-only">{t("newTab")}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
