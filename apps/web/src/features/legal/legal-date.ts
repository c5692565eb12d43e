/**
 * Dates on legal pages, formatted by the UI language:
 * German 22.11.2026, English 11/22/2026.
 */
export function formatLegalDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language === "en" ? "en-US" : "de-DE").format(date);
}

/**
 * When the privacy policy and the terms were last revised. An operator who
 * edits those texts in the legal catalogues updates this date too.
 */
export const LEGAL_TEXTS_REVISED = new Date(2026, 10, 22);
