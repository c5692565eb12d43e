/** A configured feed; `language` ("de", "en") wins over what the feed says of itself. */
export interface NewsFeed {
  url: string;
  language: string | null;
}

/**
 * The default feeds: crypto news in German and in English (docs/product/markets.md). Each entry of
 * NEWS_FEEDS is "lang=url" or a bare URL (its language then comes from the feed itself).
 */
export const DEFAULT_NEWS_FEEDS =
  "de=https://www.btc-echo.de/feed/,de=https://de.cointelegraph.com/rss," +
  "en=https://cointelegraph.com/rss,en=https://www.coindesk.com/arc/outboundfeeds/rss/";

const ENTRY = /^(?:([a-z]{2})=)?(https?:\/\/\S+)$/i;

/** NEWS_FEEDS parsed; "" or "off": no feeds. Returns the entries that are not feeds as problems. */
export function parseNewsFeeds(value: string): { feeds: NewsFeed[]; problems: string[] } {
  const feeds: NewsFeed[] = [];
  const problems: string[] = [];
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.toLowerCase() === "off") return { feeds, problems };
  for (const entry of trimmed
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const m = ENTRY.exec(entry);
    let ok = false;
    if (m) {
      try {
        new URL(m[2] as string);
        ok = true;
      } catch {
        ok = false;
      }
    }
    if (!m || !ok) {
      problems.push(entry);
      continue;
    }
    feeds.push({ url: m[2] as string, language: m[1] ? m[1].toLowerCase() : null });
  }
  return { feeds, problems };
}
