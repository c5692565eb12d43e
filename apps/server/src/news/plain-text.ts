import { Parser } from "htmlparser2";

/** Elements whose content is never text for a reader. */
const DROPPED = new Set([
  "script",
  "style",
  "iframe",
  "noscript",
  "template",
  "object",
  "embed",
  "svg",
  "math",
  "head",
]);
/** Elements that separate words (a paragraph break becomes a space). */
const BREAKS = new Set([
  "p",
  "br",
  "div",
  "li",
  "ul",
  "ol",
  "tr",
  "td",
  "th",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "section",
  "article",
  "figure",
  "figcaption",
  "hr",
  "img",
]);

/**
 * A feed's HTML (or text that may contain markup or entities) as plain text: tags removed, the content
 * of script/style/iframe dropped, entities decoded, whitespace collapsed, control characters removed.
 * The result is never markup: it is shown as text.
 */
export function htmlToText(html: string): string {
  if (!html) return "";
  let out = "";
  let dropDepth = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (DROPPED.has(name)) dropDepth++;
        else if (BREAKS.has(name)) out += " ";
      },
      onclosetag(name, isImplied) {
        if (DROPPED.has(name)) dropDepth = Math.max(0, dropDepth - 1);
        else if (BREAKS.has(name) && !isImplied) out += " ";
      },
      ontext(text) {
        if (dropDepth === 0) out += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return cleanText(out);
}

/** Control characters out, every run of whitespace (also no-break spaces) one space. */
export function cleanText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** At most `max` characters, cut at a word where possible, with an ellipsis. */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
