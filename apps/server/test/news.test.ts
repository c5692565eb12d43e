import http from "node:http";
import type { AddressInfo } from "node:net";
import { newsResponseSchema } from "@pulsemanager/core";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { requireSession } from "../src/access/require-session.ts";
import type { Auth } from "../src/auth/auth.ts";
import { newsFeedsFrom } from "../src/chain/chain-config.ts";
import { loadConfig } from "../src/config.ts";
import { parseFeed } from "../src/news/feed-parser.ts";
import { type NewsFeed, NewsService } from "../src/news/news-service.ts";
import { newsRoutes } from "../src/news/routes.ts";
import { DEFAULT_NEWS_FEEDS, parseNewsFeeds } from "../src/news-feeds-config.ts";
import { UpstreamClient } from "../src/upstream/upstream-client.ts";
import { closedPortUrl, type Fake, type FakeReply, loadProviderFile, startFake } from "./providers/fake-http.ts";

const FILE = loadProviderFile("rss-news.json");
const RSS = "application/rss+xml; charset=utf-8";
const ATOM = "application/atom+xml; charset=utf-8";
const COINTELEGRAPH = FILE.examples["GET https://cointelegraph.com/rss"] as string;
const COINDESK = FILE.examples["GET https://www.coindesk.com/arc/outboundfeeds/rss/"] as string;
const DECRYPT = FILE.examples["GET https://decrypt.co/feed"] as string;
const BTC_ECHO = FILE.examples["GET https://www.btc-echo.de/feed/"] as string;
const GOOGLE_EN = FILE.examples[
  "GET https://news.google.com/rss/search?q=PulseChain&hl=en-US&gl=US&ceid=US:en"
] as string;
const GOOGLE_EMPTY = FILE.examples[
  "GET https://news.google.com/rss/search?q=xqzpulsechainnothing&hl=en-US&gl=US&ceid=US:en [no results]"
] as string;
const BLOCKWORKS = FILE.examples["GET https://blockworks.co/feed [Atom 1.0]"] as string;

const fakes: Fake[] = [];
const services: NewsService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) s.close();
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

/** One fake server per feed, so that each feed has its own host (127.0.0.1:port). */
async function feedServer(reply: FakeReply | (() => FakeReply)): Promise<Fake> {
  const fake = await startFake(() => (typeof reply === "function" ? reply() : reply));
  fakes.push(fake);
  return fake;
}

/** A feed served by a raw handler (for bodies the fake server cannot send), closed after each test. */
async function serveRaw(handler: http.RequestListener): Promise<NewsFeed> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fakes.push({
    url: "",
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`, language: "en" };
}

function rss(body: string): FakeReply {
  return { text: body, contentType: RSS };
}

function upstream() {
  return new UpstreamClient({
    policies: { news: { timeoutMs: 300, retries: 1, backoffMs: 1, ratePerSecond: Number.POSITIVE_INFINITY } },
    sleep: async () => undefined,
  });
}

function service(feeds: NewsFeed[], clock?: { now: Date }) {
  const s = new NewsService({ upstream: upstream(), feeds, ...(clock ? { now: () => clock.now } : {}) });
  services.push(s);
  return s;
}

function feed(fake: Fake, language: string | null = "en", path = "/feed"): NewsFeed {
  return { url: `${fake.url}${path}`, language };
}

/** An RSS 2.0 document with the given items (title, link, date, description as raw XML). */
function rssDoc(items: { title: string; link: string; date?: string; description?: string }[], title = "Test Feed") {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${title}</title><link>https://example.org</link><description>x</description>
${items
  .map(
    (i) =>
      `<item><title>${i.title}</title><link>${i.link}</link>${i.date ? `<pubDate>${i.date}</pubDate>` : ""}${
        i.description !== undefined ? `<description>${i.description}</description>` : ""
      }</item>`,
  )
  .join("\n")}
</channel></rss>`;
}

const fakeAuth = {
  api: {
    getSession: async ({ headers }: { headers: Headers }) =>
      headers.get("cookie")?.includes("better-auth.session_token=ok")
        ? {
            user: { id: "u1", email: "u@example.de", emailVerified: true, createdAt: new Date(0) },
            session: { expiresAt: new Date(Date.now() + 3_600_000) },
          }
        : null,
  },
} as unknown as Auth;

/** The news routes behind the session guard, as the app mounts them. */
function signedInNews(news: NewsService) {
  return new Hono().use("*", requireSession(fakeAuth)).route("/", newsRoutes({ news }));
}

async function get(s: NewsService, headers: Record<string, string> = {}) {
  const app = signedInNews(s);
  return app.request("/", { headers: { cookie: "better-auth.session_token=ok", ...headers } });
}

describe("feed parsing (real formats)", () => {
  it("reads RSS 2.0 with CDATA links and descriptions, strips tracking parameters and HTML", () => {
    const stories = parseFeed(COINTELEGRAPH, "https://cointelegraph.com/rss");
    expect(stories).toHaveLength(2);
    expect(stories[0]).toMatchObject({
      title: "Here's what happened in crypto today",
      link: "https://cointelegraph.com/news/what-happened-in-crypto-today",
      source: "Cointelegraph.com News",
      publishedAt: new Date("2025-12-10T20:42:54Z"),
      language: null,
    });
    expect(stories[0]?.summary).toMatch(/^Need to know what happened in crypto today\?/);
    expect(stories[1]?.title).toBe("Ethereum validators approve example upgrade & fee change");
    expect(stories[1]?.summary).toBe(
      "The approved proposal changes the fee schedule while leaving the long-term target unchanged.",
    );
  });

  it("reads CDATA titles, WordPress feeds with entities and umlauts, and the feed's language", () => {
    const [coindesk] = parseFeed(COINDESK, "https://www.coindesk.com/arc/outboundfeeds/rss/");
    expect(coindesk?.title).toBe("Bitcoin holds $90K as traders eye the Fed's December decision");
    const [echo] = parseFeed(BTC_ECHO, "https://www.btc-echo.de/feed/");
    expect(echo).toMatchObject({
      title: "Krypto-Steuer: Haltefrist bleibt vorerst – was Anleger jetzt wissen müssen",
      source: "BTC-ECHO",
      language: "de",
      link: "https://www.btc-echo.de/news/krypto-steuer-haltefrist-bleibt-vorerst-234973/",
    });
    expect(echo?.summary).toBe(
      "Im Entwurf des Jahressteuergesetzes fehlt die Abschaffung der Haltefrist bislang. Was das für Bitcoin-Anleger bedeutet […]",
    );
    const [decrypt] = parseFeed(DECRYPT, "https://decrypt.co/feed");
    expect(decrypt?.summary).toBe("SOL gained after a new partnership was announced.");
  });

  it("reads Atom: the alternate link, html-typed title and summary, xml:lang", () => {
    const [entry] = parseFeed(BLOCKWORKS, "https://blockworks.co/feed");
    expect(entry).toEqual({
      title: "DeFi lender & exchange merge",
      link: "https://blockworks.co/news/example-defi-story",
      source: "Blockworks",
      publishedAt: new Date("2025-12-10T21:00:00Z"),
      summary: "Two protocols announced a merger.",
      language: "en",
    });
  });

  it("reads Google News: the outlet from <source>, its name off the title, escaped HTML decoded once", () => {
    const stories = parseFeed(GOOGLE_EN, "https://news.google.com/rss/search?q=PulseChain");
    expect(stories[0]).toMatchObject({
      title: "PulseChain price prediction: can PLS recover after the latest sell-off?",
      source: "Example Crypto News",
      language: "en",
    });
    expect(stories[0]?.summary).toBe(
      "PulseChain price prediction: can PLS recover after the latest sell-off? Example Crypto News",
    );
    expect(parseFeed(GOOGLE_EMPTY, "https://news.google.com/rss/search")).toEqual([]);
  });

  it("keeps only plain text: script, style and iframe dropped, entities decoded, unsafe links refused", () => {
    const doc = rssDoc([
      {
        title: "<![CDATA[Gr&uuml;n <b>bold</b> <script>alert('t')</script>]]>",
        link: "https://example.org/a",
        description:
          '<![CDATA[<p onclick="x()">Hello&nbsp;<img src=x onerror=alert(1)>world</p><script>document.cookie</script><style>p{}</style><iframe src="https://evil">frame</iframe>]]>',
      },
      {
        title: "Escaped &lt;script&gt;evil()&lt;/script&gt;markup",
        link: "https://example.org/b",
        description: "&lt;p&gt;Tom &amp;amp; Jerry &amp;#8211; ok&lt;/p&gt;",
      },
      { title: "Script link", link: "javascript:alert(1)" },
      { title: "Data link", link: "data:text/html,hi" },
      { title: "", link: "https://example.org/no-title" },
    ]);
    const stories = parseFeed(doc, "https://example.org/feed");
    expect(stories.map((s) => s.title)).toEqual(["Grün bold", "Escaped markup"]);
    expect(stories[0]?.summary).toBe("Hello world");
    expect(stories[1]?.summary).toBe("Tom & Jerry – ok");
    for (const s of stories) for (const v of [s.title, s.summary, s.source]) expect(v).not.toMatch(/[<>]/);
  });

  it("refuses broken XML and HTML pages", () => {
    expect(() => parseFeed("<rss><channel><item><title>x</title></channel></rss>", "https://a.example")).toThrow(
      /broken XML/,
    );
    expect(() => parseFeed("<!DOCTYPE html><html><body>Just a moment...</body></html>", "https://a.example")).toThrow();
    expect(() => parseFeed("", "https://a.example")).toThrow(/not XML/);
    expect(() => parseFeed("<rss", "https://a.example")).toThrow();
  });
});

describe("NewsService and GET /api/news", () => {
  it("lists RSS and Atom feeds together, newest first, valid against the API schema", async () => {
    const a = await feedServer(rss(COINTELEGRAPH));
    const b = await feedServer({ text: BLOCKWORKS, contentType: ATOM });
    const c = await feedServer(rss(COINDESK));
    const res = await get(service([feed(a), feed(b), feed(c)]), { "X-App-Language": "en" });
    expect(res.status).toBe(200);
    const body = newsResponseSchema.parse(await res.json());
    expect(body.items.map((i) => i.source)).toEqual([
      "Blockworks",
      "Cointelegraph.com News",
      "Cointelegraph.com News",
      "CoinDesk: Bitcoin, Ethereum, Crypto News and Price Data",
    ]);
    const times = body.items.map((i) => Date.parse(i.publishedAt as string));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(body.errors).toBeUndefined();
    expect(body.asOf).not.toBeNull();
    for (const i of body.items) expect(i.link).toMatch(/^https:\/\//);
  });

  it("answers 401 without a session", async () => {
    const app = signedInNews(service([]));
    expect((await app.request("/")).status).toBe(401);
  });

  it("one broken feed is refused, the others are still listed", async () => {
    const good = await feedServer(rss(COINTELEGRAPH));
    const broken = await feedServer(rss(COINDESK.replace("</item>", "")));
    const body = newsResponseSchema.parse(await (await get(service([feed(good), feed(broken)]))).json());
    expect(body.items).toHaveLength(2);
    expect(body.errors).toEqual([{ feed: "feed 2", reason: "invalid" }]);
  });

  it("429, timeout, an empty body, an HTML page and a feed without items", async () => {
    const limited = await feedServer({ status: 429, text: "slow down" });
    const hanging = await feedServer("hang");
    const emptyBody = await feedServer({ status: 200, text: "", contentType: RSS });
    const html = await feedServer({
      text: "<html><body>Checking your browser</body></html>",
      contentType: "text/html",
    });
    const noItems = await feedServer(rss(GOOGLE_EMPTY));
    const good = await feedServer(rss(DECRYPT));
    const s = service([limited, hanging, emptyBody, html, noItems, good].map((f) => feed(f)));
    const body = newsResponseSchema.parse(await (await get(s)).json());
    expect(body.items.map((i) => i.title)).toEqual(["Solana partnership drives a rally"]);
    expect(body.errors).toEqual([
      { feed: "feed 1", reason: "rate_limited" },
      { feed: "feed 2", reason: "timeout" },
      { feed: "feed 3", reason: "invalid" },
      { feed: "feed 4", reason: "invalid" },
    ]);
    expect(limited.requests).toHaveLength(2); // the first try and one retry
  });

  it("deduplicates by link (tracking parameters aside) and by title", async () => {
    const one = await feedServer(
      rss(
        rssDoc([
          { title: "Story A", link: "https://news.example/a?utm_source=x", date: "Wed, 10 Dec 2025 10:00:00 GMT" },
          { title: "Story B", link: "https://news.example/b", date: "Wed, 10 Dec 2025 09:00:00 GMT" },
        ]),
      ),
    );
    const two = await feedServer(
      rss(
        rssDoc([
          {
            title: "Story A, retold",
            link: "https://www.news.example/a/?utm_medium=rss",
            date: "Wed, 10 Dec 2025 08:00:00 GMT",
          },
          { title: "story   b", link: "https://other.example/b", date: "Wed, 10 Dec 2025 07:00:00 GMT" },
          { title: "Story C", link: "https://other.example/c", date: "Wed, 10 Dec 2025 06:00:00 GMT" },
        ]),
      ),
    );
    const body = newsResponseSchema.parse(await (await get(service([feed(one), feed(two)]))).json());
    expect(body.items.map((i) => [i.title, i.link])).toEqual([
      ["Story A", "https://news.example/a"],
      ["Story B", "https://news.example/b"],
      ["Story C", "https://other.example/c"],
    ]);
  });

  it("puts the reader's language first, each language newest first", async () => {
    const de = await feedServer(rss(BTC_ECHO));
    const en = await feedServer(rss(COINTELEGRAPH));
    const s = service([
      { url: `${en.url}/rss`, language: "en" },
      { url: `${de.url}/feed`, language: "de" },
    ]);
    const german = newsResponseSchema.parse(await (await get(s, { "X-App-Language": "de" })).json());
    expect(german.items.map((i) => i.language)).toEqual(["de", "en", "en"]);
    const english = newsResponseSchema.parse(await (await get(s, { "X-App-Language": "en" })).json());
    expect(english.items.map((i) => i.language)).toEqual(["en", "en", "de"]);
    // Without the app's header the browser's language decides, else German.
    const browser = newsResponseSchema.parse(await (await get(s, { "Accept-Language": "en-GB,en;q=0.9" })).json());
    expect(browser.items[0]?.language).toBe("en");
    expect(english.items[0]?.publishedAt).toBe("2025-12-10T20:42:54.000Z");
    expect(de.requests).toHaveLength(1);
  });

  it("offline: 200 with nothing and every feed named by its place in the list, never its URL, host or port", async () => {
    const down = await closedPortUrl();
    const s = service([
      { url: `${down}/rss?key=secret-key`, language: "en" },
      { url: `${down}/other`, language: "de" },
    ]);
    const res = await get(s);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("secret-key");
    expect(text).not.toContain("/rss");
    expect(text).not.toContain("127.0.0.1");
    expect(text).not.toContain(new URL(down).port);
    const body = newsResponseSchema.parse(JSON.parse(text));
    expect(body).toEqual({
      items: [],
      asOf: null,
      errors: [
        { feed: "feed 1", reason: "unreachable" },
        { feed: "feed 2", reason: "unreachable" },
      ],
    });
  });

  it("stops reading a feed past 5 MB, even one that never ends", async () => {
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const endless = await serveRaw((_req, res) => {
      res.writeHead(200, { "content-type": RSS });
      const more = () => {
        while (sent < 8 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        // Past 8 MB it keeps the connection open and sends nothing more.
      };
      res.on("drain", more);
      more();
    });
    const good = await feedServer(rss(DECRYPT));
    const s = new NewsService({ upstream: upstream(), feeds: [feed(good), endless], firstWaitMs: 5_000 });
    services.push(s);
    const body = await s.list("en");
    expect(body.items.map((i) => i.source)).toEqual(["Decrypt"]);
    expect(body.errors).toEqual([{ feed: "feed 2", reason: "invalid" }]);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it("a feed that fails later keeps its last stories, named in errors", async () => {
    let up = true;
    const f = await feedServer(() => (up ? rss(COINTELEGRAPH) : { status: 503, text: "down" }));
    const clock = { now: new Date("2025-12-11T10:00:00Z") };
    const s = service([feed(f)], clock);
    expect((await s.list("en")).items).toHaveLength(2);
    up = false;
    clock.now = new Date("2025-12-11T10:31:00Z");
    await s.list("en");
    await s.settled();
    const body = await s.list("en");
    expect(body.items).toHaveLength(2);
    expect(body.asOf).toBe("2025-12-11T10:00:00.000Z");
    expect(body.errors).toEqual([{ feed: "feed 1", reason: "http_error" }]);
  });

  it("reads each feed once per 30 minutes however many requests", async () => {
    const a = await feedServer(rss(COINTELEGRAPH));
    const b = await feedServer({ text: BLOCKWORKS, contentType: ATOM });
    const clock = { now: new Date("2025-12-11T10:00:00Z") };
    const s = service([feed(a), feed(b)], clock);
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(s)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect([a.requests.length, b.requests.length]).toEqual([1, 1]);

    clock.now = new Date("2025-12-11T10:29:59Z");
    await Promise.all(Array.from({ length: 20 }, () => get(s)));
    await s.settled();
    expect([a.requests.length, b.requests.length]).toEqual([1, 1]);

    clock.now = new Date("2025-12-11T10:30:00Z");
    const during = await Promise.all(Array.from({ length: 20 }, () => get(s)));
    // The stories at hand are served while the refresh runs.
    for (const r of during) expect(((await r.json()) as { items: unknown[] }).items).toHaveLength(3);
    await s.settled();
    expect([a.requests.length, b.requests.length]).toEqual([2, 2]);
  });

  it("the first request waits a bounded time for a feed that hangs", async () => {
    const good = await feedServer(rss(DECRYPT));
    const hanging = await feedServer("hang");
    const s = new NewsService({ upstream: upstream(), feeds: [feed(good), feed(hanging)], firstWaitMs: 50 });
    services.push(s);
    const started = performance.now();
    const body = await s.list("en");
    expect(performance.now() - started).toBeLessThan(250);
    expect(body.items.map((i) => i.source)).toEqual(["Decrypt"]);
    expect(body.errors).toEqual([{ feed: "feed 2", reason: "timeout" }]);
    await s.settled();
  });

  it("the timer does not keep the process alive and stops on close", () => {
    const s = service([{ url: "http://127.0.0.1:9/feed", language: "en" }]);
    s.start();
    const timer = (s as unknown as { timer: NodeJS.Timeout }).timer;
    expect(timer.hasRef()).toBe(false);
    s.close();
    expect((s as unknown as { timer: unknown }).timer).toBeNull();
  });
});

describe("NEWS_FEEDS", () => {
  it("defaults to German and English crypto feeds, each tagged with its language", () => {
    const { feeds, problems } = parseNewsFeeds(DEFAULT_NEWS_FEEDS);
    expect(problems).toEqual([]);
    expect(new Set(feeds.map((f) => f.language))).toEqual(new Set(["de", "en"]));
    expect(loadConfig({}).NEWS_FEEDS).toEqual(feeds);
  });

  it("takes lang=url and bare URLs; off for none; refuses other entries", () => {
    expect(loadConfig({ NEWS_FEEDS: "de=https://a.example/feed, https://b.example/rss" }).NEWS_FEEDS).toEqual([
      { url: "https://a.example/feed", language: "de" },
      { url: "https://b.example/rss", language: null },
    ]);
    expect(loadConfig({ NEWS_FEEDS: "off" }).NEWS_FEEDS).toEqual([]);
    expect(() => loadConfig({ NEWS_FEEDS: "ftp://a.example/feed" })).toThrow(/NEWS_FEEDS/);
  });

  it("offline (on the devchain, as the demo runs) no public feed is read, only feeds on this machine", () => {
    expect(newsFeedsFrom(loadConfig({}), true)).toEqual([]);
    const mixed = loadConfig({ NEWS_FEEDS: "en=http://127.0.0.1:8111/feed,de=https://www.btc-echo.de/feed/" });
    expect(newsFeedsFrom(mixed, true)).toEqual([{ url: "http://127.0.0.1:8111/feed", language: "en" }]);
    expect(newsFeedsFrom(loadConfig({}), false)).toEqual(loadConfig({}).NEWS_FEEDS);
  });
});
