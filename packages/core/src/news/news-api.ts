import { z } from "zod";

/** One news story as plain text (no markup): its link is always http(s) and opens outside the app. */
export const newsItemSchema = z.object({
  title: z.string(),
  link: z.url({ protocol: /^https?$/ }),
  /** The outlet: the feed's title, or the publisher a news aggregator names. */
  source: z.string(),
  /** ISO 8601; null when the feed gave no readable date. */
  publishedAt: z.string().nullable(),
  /** A short plain-text summary, possibly empty. */
  summary: z.string(),
  /** Two-letter language of the feed ("de", "en"); null when unknown. */
  language: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const NEWS_FEED_ERRORS = ["unreachable", "timeout", "rate_limited", "http_error", "invalid"] as const;

/** A feed whose last fetch failed, named by its place in the server's feed list ("feed 2"): never its URL or host. */
export const newsFeedErrorSchema = z.object({
  feed: z.string(),
  reason: z.enum(NEWS_FEED_ERRORS),
});
export type NewsFeedError = z.infer<typeof newsFeedErrorSchema>;

/**
 * GET /api/news: the stories of all configured feeds, the user's language first, newest first.
 * `asOf` is the last time a feed was read successfully (null: never); `errors` lists the feeds that
 * failed at their last fetch. With no feed reachable the answer is still a success, with what there is.
 */
export const newsResponseSchema = z.object({
  items: z.array(newsItemSchema),
  asOf: z.string().nullable(),
  errors: z.array(newsFeedErrorSchema).optional(),
});
export type NewsResponse = z.infer<typeof newsResponseSchema>;
