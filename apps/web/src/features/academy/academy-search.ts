/** Text search for the academy: case- and accent-insensitive, every word must occur. */

export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** Splits a query into normalised words; an empty list matches everything. */
export function searchTerms(query: string): string[] {
  return normalizeText(query).split(/\s+/).filter(Boolean);
}

export function matchesTerms(terms: readonly string[], ...texts: string[]): boolean {
  if (terms.length === 0) return true;
  const haystack = normalizeText(texts.join(" "));
  return terms.every((term) => haystack.includes(term));
}

export interface Article {
  title: string;
  summary: string;
}

/** Reads the articles of a topic from an i18n `returnObjects` value, skipping malformed entries. */
export function toArticles(value: unknown): Article[] {
  if (!Array.isArray(value)) return [];
  const articles: Article[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const record = entry as Record<string, unknown>;
    if (typeof record.title === "string" && typeof record.summary === "string") {
      articles.push({ title: record.title, summary: record.summary });
    }
  }
  return articles;
}
