/**
 * Legal texts live in the "legal" i18n namespace as arrays of sections
 * (read with `returnObjects: true`). This turns that untyped value into
 * checked sections, dropping anything malformed instead of crashing.
 */
export interface LegalSection {
  title: string;
  /** Paragraphs before the list. */
  paragraphs: string[];
  /** Bullet points. */
  items: string[];
  /** Paragraphs after the list. */
  closing: string[];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

export function toLegalSections(value: unknown): LegalSection[] {
  if (!Array.isArray(value)) return [];
  const sections: LegalSection[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const record = entry as Record<string, unknown>;
    if (typeof record.title !== "string") continue;
    sections.push({
      title: record.title,
      paragraphs: strings(record.paragraphs),
      items: strings(record.items),
      closing: strings(record.closing),
    });
  }
  return sections;
}

/** Operator placeholders are written in square brackets: "[Name und Anschrift des Betreibers]". */
export const PLACEHOLDER_PATTERN = /\[[^\]]+\]/;

export function hasPlaceholders(sections: LegalSection[]): boolean {
  return sections.some((section) =>
    [...section.paragraphs, ...section.items, ...section.closing].some((text) => PLACEHOLDER_PATTERN.test(text)),
  );
}
