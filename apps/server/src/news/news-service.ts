import type { NewsFeedError, NewsItem, NewsResponse } from "@pulsemanager/core";
import type { Logger } from "../logger.ts";
import type { NewsFeed } from "../news-feeds-config.ts";
import { BodyTooLarge, readLimited } from "../upstream/read-limited.ts";
import { type UpstreamClient, UpstreamError } from "../upstream/upstream-client.ts";
import { FeedFormatError, hostOf, type ParsedStory, parseFeed } from "./feed-parser.ts";

export type { NewsFeed } from "../news-feeds-config.ts";

/** The upstream client's provider name for every feed (its policy: see chain/services.ts). */
export const NEWS_PROVIDER = "news";
export const NEWS_REFRESH_MS = 30 * 60 * 1000;
/** Stories in one answer at most. */
export const NEWS_ANSWER_MAX = 60;
const BODY_MAX_BYTES = 5 * 1024 * 1024;
const FIRST_WAIT_MS = 8_000;

interface FeedState {
  feed: NewsFeed;
  host: string;
  /** How the answer names the feed: its place in NEWS_FEEDS, never its host (which may be internal). */
  name: string;
  stories: ParsedStory[];
  /** Last successful read. */
  okAt: Date | null;
  error: NewsFeedError["reason"] | null;
  etag?: string;
  lastModified?: string;
}

export interface NewsServiceOptions {
  upstream: UpstreamClient;
  feeds: NewsFeed[];
  logger?: Logger;
  now?: () => Date;
  /** 30 minutes unless a test says otherwise. */
  refreshEveryMs?: number;
  /** How long the very first request waits for the first read (a feed that hangs must not hold it). */
  firstWaitMs?: number;
}

/**
 * The news of the configured RSS/Atom feeds, shared by all users: read on the server at most once per
 * refresh interval however many users ask (a timer while the process runs, and the first request
 * when nothing has been read yet). A feed that fails keeps its last good stories and is named in the
 * answer's `errors` by its place in the configuration ("feed 2"); the others are listed as usual.
 */
export class NewsService {
  private readonly states: FeedState[];
  private readonly now: () => Date;
  private readonly refreshEveryMs: number;
  private lastRefreshAt: Date | null = null;
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: NewsServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.refreshEveryMs = options.refreshEveryMs ?? NEWS_REFRESH_MS;
    this.states = options.feeds.map((feed, index) => ({
      feed,
      host: hostOf(feed.url),
      name: `feed ${index + 1}`,
      stories: [],
      okAt: null,
      error: null,
    }));
  }

  /** Reads the feeds every refresh interval in the background; the timer does not keep the process alive. */
  start(): void {
    if (this.timer || this.states.length === 0) return;
    this.timer = setInterval(() => void this.refreshIfDue(), this.refreshEveryMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Resolves when no refresh is under way. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * The answer for a reader of `language`: their language's stories first, each group newest first,
   * duplicates (same link or same title) once. Waits for the first read; later a due refresh runs in
   * the background while the stories at hand are served.
   */
  async list(language: string): Promise<NewsResponse> {
    if (this.lastRefreshAt === null) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        this.refreshIfDue(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, this.options.firstWaitMs ?? FIRST_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    } else void this.refreshIfDue();
    return this.answer(language);
  }

  /** One refresh at a time; none if the last one started less than the interval ago. */
  refreshIfDue(): Promise<void> {
    if (this.running) return this.running;
    const last = this.lastRefreshAt;
    if (last && this.now().getTime() - last.getTime() < this.refreshEveryMs) return Promise.resolve();
    this.lastRefreshAt = this.now();
    this.running = Promise.all(this.states.map((s) => this.read(s)))
      .then(() => undefined)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async read(state: FeedState): Promise<void> {
    const { upstream, logger } = this.options;
    try {
      const headers: Record<string, string> = {
        Accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
        "User-Agent": "PulseManager news reader",
      };
      if (state.etag) headers["If-None-Match"] = state.etag;
      if (state.lastModified) headers["If-Modified-Since"] = state.lastModified;
      const res = await upstream.request({
        provider: NEWS_PROVIDER,
        endpoint: state.host,
        kind: "news",
        url: state.feed.url,
        init: { headers },
      });
      if (res.status === 304) {
        await res.body?.cancel().catch(() => undefined);
        state.okAt = this.now();
        state.error = null;
        return;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new UpstreamError(NEWS_PROVIDER, "http_error", `HTTP ${res.status}`, res.status);
      }
      const body = await readBody(res);
      state.stories = parseFeed(body, state.feed.url).map((s) => ({
        ...s,
        language: state.feed.language ?? s.language,
      }));
      state.etag = res.headers.get("etag") ?? undefined;
      state.lastModified = res.headers.get("last-modified") ?? undefined;
      state.okAt = this.now();
      state.error = null;
    } catch (err) {
      state.error = reasonOf(err);
      // The stories of the last good read stay.
      logger?.warn({ feed: state.host, reason: state.error, err: (err as Error).message }, "news feed failed");
    }
  }

  private answer(language: string): NewsResponse {
    const lang = language.slice(0, 2).toLowerCase();
    const all = this.states.flatMap((s) => s.stories);
    const time = (s: ParsedStory) => s.publishedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    all.sort((a, b) => Number(b.language === lang) - Number(a.language === lang) || time(b) - time(a));
    const links = new Set<string>();
    const titles = new Set<string>();
    const items: NewsItem[] = [];
    for (const s of all) {
      const linkKey = linkKeyOf(s.link);
      const titleKey = s.title
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
      if (links.has(linkKey) || titles.has(titleKey)) continue;
      links.add(linkKey);
      titles.add(titleKey);
      items.push({
        title: s.title,
        link: s.link,
        source: s.source,
        publishedAt: s.publishedAt?.toISOString() ?? null,
        summary: s.summary,
        language: s.language,
      });
      if (items.length >= NEWS_ANSWER_MAX) break;
    }
    const okTimes = this.states.map((s) => s.okAt?.getTime() ?? 0).filter((t) => t > 0);
    // A feed never read yet whose first read is still under way counts as not answering in time.
    const pending = (s: FeedState) => !s.okAt && !s.error && this.running !== null;
    const errors = this.states
      .filter((s) => s.error || pending(s))
      .map((s) => ({ feed: s.name, reason: s.error ?? ("timeout" as const) }));
    return {
      items,
      asOf: okTimes.length ? new Date(Math.max(...okTimes)).toISOString() : null,
      ...(errors.length ? { errors } : {}),
    };
  }
}

/** Same story, same key: scheme, "www.", a trailing slash and the fragment do not count. */
function linkKeyOf(link: string): string {
  try {
    const u = new URL(link);
    u.hash = "";
    return `${u.host.replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "")}${u.search}`.toLowerCase();
  } catch {
    return link;
  }
}

/** The body as text: BOM, then the Content-Type charset, then the XML declaration, else UTF-8. */
async function readBody(res: Response): Promise<string> {
  const bytes = await readLimited(res, BODY_MAX_BYTES).catch((err) => {
    throw err instanceof BodyTooLarge ? new FeedFormatError("feed too large") : err;
  });
  const bom =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
      ? "utf-8"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : bytes[0] === 0xff && bytes[1] === 0xfe
          ? "utf-16le"
          : undefined;
  const header = /charset=["']?([\w-]+)/i.exec(res.headers.get("content-type") ?? "")?.[1];
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared = /^<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(head)?.[1];
  for (const label of [bom, header, declared, "utf-8"]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // An unknown charset name: try the next source.
    }
  }
  return new TextDecoder().decode(bytes);
}

function reasonOf(err: unknown): NewsFeedError["reason"] {
  if (err instanceof FeedFormatError) return "invalid";
  if (err instanceof UpstreamError) {
    if (err.kind === "timeout") return "timeout";
    if (err.kind === "rate_limited") return "rate_limited";
    if (err.kind === "http_error") return "http_error";
    return "unreachable";
  }
  return "unreachable";
}
