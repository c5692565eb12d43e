/**
 * Characters that do not show: white space, control and format characters (zero-width spaces and
 * joiners U+200B..U+200D, direction marks and embeddings U+200E/F, U+202A..U+202E, U+2066..U+2069,
 * word joiner U+2060, BOM U+FEFF, soft hyphen) and unassigned code points.
 */
const INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Cn}\p{Z}]$/u;
/** Fillers that render as nothing: combining grapheme joiner, Hangul fillers, Braille blank. */
const FILLERS = new Set(["\u034f", "\u115f", "\u1160", "\u2800", "\u3164", "\uffa0"]);

/** Whether the text has at least one visible character (a name of only invisible ones looks empty). */
export function hasVisibleText(text: string): boolean {
  for (const ch of text) if (!INVISIBLE.test(ch) && !FILLERS.has(ch)) return true;
  return false;
}
