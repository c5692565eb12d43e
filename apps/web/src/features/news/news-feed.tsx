import type { NewsItem } from "@pulsemanager/core";
import { ExternalLink, Newspaper } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useNews } from "./news-api.ts";
import { isOpenableLink, newsTime } from "./news-time.ts";

/** Stories shown on the card at most. */
const SHOWN = 8;

/**
 * The news card: crypto news read by the server from RSS/Atom feeds, as plain text (never rendered
 * markup); each title opens the story in a new tab without a referrer. Says so when the feeds cannot
 * be reached or have nothing.
 */
export function NewsFeed({ className, limit = SHOWN }: { className?: string; limit?: number }) {
  const { t, i18n } = useTranslation("news");
  const news = useNews();
  const items = (news.data?.items ?? []).filter((i) => isOpenableLink(i.link)).slice(0, limit);
  const failed = news.data?.errors?.length ?? 0;
  const now = new Date();

  return (
    <Card className={className} aria-labelledby="news-title" data-testid="news-feed">
      <h2 id="news-title" className="flex items-center gap-2 font-semibold">
        <Newspaper className="size-5 text-accent" aria-hidden="true" />
        {t("title")}
      </h2>
      {news.isPending ? (
        <Spinner label={t("loading")} className="py-6" />
      ) : news.isError || (items.length === 0 && failed > 0) ? (
        <p className="mt-3 text-sm text-text-muted" data-testid="news-offline">
          {t("offline")}
        </p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-text-muted" data-testid="news-empty">
          {t("empty")}
        </p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-border">
            {items.map((item) => (
              <NewsRow key={item.link} item={item} time={newsTime(item.publishedAt, now, i18n.language)} />
            ))}
          </ul>
          {failed > 0 ? (
            <p className="mt-3 text-xs text-text-muted" data-testid="news-partial">
              {t("partial", { count: failed })}
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}

function NewsRow({ item, time }: { item: NewsItem; time: string | null }) {
  const { t } = useTranslation("news");
  return (
    <li className="py-3 first:pt-0 last:pb-0" lang={item.language ?? undefined}>
      <a
        href={item.link}
        target="_blank"
        rel="noopener noreferrer"
        className="group inline-flex items-start gap-1 font-medium hover:text-accent hover:underline"
      >
        <span className="min-w-0 break-words">{item.title}</span>
        <ExternalLink className="mt-1 size-3.5 shrink-0 opacity-60" aria-hidden="true" />
        <span className="sr-only">{t("opensInNewTab")}</span>
      </a>
      <p className="mt-0.5 text-xs text-text-muted">
        {item.source}
        {time && item.publishedAt ? (
          <>
            {" · "}
            <time dateTime={item.publishedAt}>{time}</time>
          </>
        ) : null}
      </p>
      {item.summary ? <p className="mt-1 line-clamp-2 text-sm text-text-muted">{item.summary}</p> : null}
    </li>
  );
}
