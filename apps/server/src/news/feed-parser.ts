import { XMLParser, XMLValidator } from "fast-xml-parser";
import { clampText, cleanText, htmlToText } from "./plain-text.ts";

/** One story as read from a feed, before merging with the other feeds. */
export interface ParsedStory {
  title: string;
  link: string;
  source: string;
  publishedAt: Date | null;
  summary: string;
  /** From the feed itself (<language>, xml:lang); the configured language wins over it. */
  language: string | null;
}

export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedFormatError";
  }
}

const SUMMARY_MAX = 300;
const TITLE_MAX = 300;
const SOURCE_MAX = 80;
/** Stories read per feed at most. */
export const STORIES_PER_FEED = 50;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  // CDATA stays apart: its content is not entity-decoded by the XML layer (it is HTML, decoded later).
  cdataPropName: "#cdata",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ["item", "entry", "link", "category"].includes(name),
});

type Node = unknown;

/**
 * Parses an RSS 2.0 (also RSS 1.0/RDF) or Atom 1.0 document into plain-text stories. A body that is not
 * well-formed XML, or XML that is not a feed (an HTML challenge page), is refused with FeedFormatError.
 */
export function parseFeed(body: string, feedUrl: string): ParsedStory[] {
  const text = body.replace(/^\uFEFF/, "").trimStart();
  if (!text.startsWith("<")) throw new FeedFormatError("not XML");
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new FeedFormatError(`broken XML: ${valid.err.msg} (line ${valid.err.line})`);
  let doc: Record<string, Node>;
  try {
    doc = xml.parse(text) as Record<string, Node>;
  } catch (err) {
    throw new FeedFormatError(`broken XML: ${(err as Error).message}`);
  }
  const rss = obj(doc.rss);
  if (rss) return parseRss(obj(rss.channel) ?? {}, feedUrl);
  const rdf = obj(doc["rdf:RDF"]);
  if (rdf) return parseRss({ ...(obj(rdf.channel) ?? {}), item: rdf.item }, feedUrl);
  const feed = obj(doc.feed);
  if (feed) return parseAtom(feed, feedUrl);
  throw new FeedFormatError("neither RSS nor Atom");
}

function parseRss(channel: Record<string, Node>, feedUrl: string): ParsedStory[] {
  const feedTitle = plain(channel.title);
  const base = firstUrl(arr(channel.link).map(textOf), feedUrl) ?? feedUrl;
  const language = languageOf(textOf(channel.language) || textOf(channel["dc:language"]));
  const source = clampText(feedTitle || hostOf(feedUrl), SOURCE_MAX);
  const stories: ParsedStory[] = [];
  for (const raw of arr(channel.item).slice(0, STORIES_PER_FEED)) {
    const item = obj(raw);
    if (!item) continue;
    const guid = obj(item.guid);
    const guidIsLink = !guid || attr(guid, "isPermaLink") !== "false";
    const link = firstUrl([...arr(item.link).map(textOf), ...(guidIsLink ? [textOf(item.guid)] : [])], base);
    // A news aggregator names the real outlet in <source> and appends it to the title.
    const outlet = plain(item.source);
    let title = plain(item.title);
    if (outlet && title.endsWith(` - ${outlet}`)) title = title.slice(0, -` - ${outlet}`.length).trim();
    const summary = plain(item.description) || plain(item["content:encoded"]);
    const story = finish({
      title,
      link,
      source: outlet ? clampText(outlet, SOURCE_MAX) : source,
      date: textOf(item.pubDate) || textOf(item["dc:date"]) || textOf(item.published) || textOf(item.updated),
      summary: summary === title ? "" : summary,
      language,
    });
    if (story) stories.push(story);
  }
  return stories;
}

function parseAtom(feed: Record<string, Node>, feedUrl: string): ParsedStory[] {
  const language = languageOf(attr(feed, "xml:lang"));
  const base = atomLink(feed.link, feedUrl) ?? feedUrl;
  const source = clampText(plain(feed.title) || hostOf(feedUrl), SOURCE_MAX);
  const stories: ParsedStory[] = [];
  for (const raw of arr(feed.entry).slice(0, STORIES_PER_FEED)) {
    const entry = obj(raw);
    if (!entry) continue;
    const title = plain(entry.title);
    const summary = plain(entry.summary) || plain(entry.content);
    const story = finish({
      title,
      link: atomLink(entry.link, base) ?? firstUrl([textOf(entry.id)], base),
      source,
      date: textOf(entry.published) || textOf(entry.updated),
      summary: summary === title ? "" : summary,
      language: languageOf(attr(entry, "xml:lang")) ?? language,
    });
    if (story) stories.push(story);
  }
  return stories;
}

function finish(s: {
  title: string;
  link: string | undefined;
  source: string;
  date: string;
  summary: string;
  language: string | null;
}): ParsedStory | undefined {
  if (!s.title || !s.link) return undefined;
  const time = s.date ? Date.parse(s.date) : Number.NaN;
  return {
    title: clampText(s.title, TITLE_MAX),
    link: s.link,
    source: s.source,
    publishedAt: Number.isNaN(time) ? null : new Date(time),
    summary: clampText(s.summary, SUMMARY_MAX),
    language: s.language,
  };
}

/** Atom: the rel="alternate" link (or one without rel), never rel="self". */
function atomLink(links: Node, base: string): string | undefined {
  const all = arr(links)
    .map(obj)
    .filter((l): l is Record<string, Node> => !!l);
  const alternate = all.filter((l) => (attr(l, "rel") ?? "alternate") === "alternate");
  return firstUrl(
    alternate.map((l) => attr(l, "href") ?? ""),
    base,
  );
}

/** The first candidate that is an absolute (or base-relative) http(s) URL, without tracking parameters. */
function firstUrl(candidates: string[], base: string): string | undefined {
  for (const candidate of candidates) {
    const url = safeUrl(cleanText(candidate), base);
    if (url) return url;
  }
  return undefined;
}

/** An http(s) URL or nothing: javascript:, data: and the like are dropped; utm_* parameters removed. */
export function safeUrl(value: string, base?: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password) return undefined;
  for (const key of [...url.searchParams.keys()]) if (/^utm_/i.test(key)) url.searchParams.delete(key);
  return url.toString();
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "feed";
  }
}

function languageOf(value: string | undefined): string | null {
  const m = /^\s*([a-z]{2})\b/i.exec(value ?? "");
  return m ? (m[1] as string).toLowerCase() : null;
}

/** A node's text as HTML turned into plain text (CDATA and escaped markup alike). */
function plain(node: Node): string {
  return htmlToText(textOf(node));
}

/** The text of an element: a string, or its text and CDATA parts. */
function textOf(node: Node): string {
  if (node === undefined || node === null) return "";
  if (typeof node === "string") return node;
  if (typeof node === "number" || typeof node === "boolean") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (typeof node === "object") {
    const o = node as Record<string, Node>;
    return textOf(o["#text"]) + textOf(o["#cdata"]);
  }
  return "";
}

function attr(node: Record<string, Node>, name: string): string | undefined {
  const v = node[`@_${name}`];
  return typeof v === "string" ? v : undefined;
}

function obj(node: Node): Record<string, Node> | undefined {
  return node && typeof node === "object" && !Array.isArray(node) ? (node as Record<string, Node>) : undefined;
}

function arr(node: Node): Node[] {
  if (node === undefined || node === null || node === "") return [];
  return Array.isArray(node) ? node : [node];
}
