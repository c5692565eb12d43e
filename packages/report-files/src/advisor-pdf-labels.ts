import type { PdfLanguage } from "./pdf-format.ts";
import { ADVISOR_PDF_LABELS_DE } from "./pdf-labels-de.ts";
import { ADVISOR_PDF_LABELS_EN } from "./pdf-labels-en.ts";

/**
 * The words of the advisor PDF, one plain string per key (pdf-labels-de.ts, pdf-labels-en.ts). No
 * placeholders: the PDF puts numbers, dates and the year next to them itself.
 */
export type AdvisorPdfLabels = Record<keyof typeof ADVISOR_PDF_LABELS_DE, string>;

/** The labels of a language; the server's package for the tax advisor uses the German ones. */
export function advisorPdfLabels(lang: PdfLanguage = "de"): AdvisorPdfLabels {
  return lang === "en" ? ADVISOR_PDF_LABELS_EN : ADVISOR_PDF_LABELS_DE;
}
