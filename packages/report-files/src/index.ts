/**
 * The files of a finished wallet report for the tax advisor, the same in the browser and on the server
 * (README.md): the advisor PDF and its words in German and English.
 */
export { advisorPdfFileName, buildAdvisorPdf } from "./advisor-pdf.ts";
export { type AdvisorPdfLabels, advisorPdfLabels } from "./advisor-pdf-labels.ts";
export { formatAmount, formatDate, formatEur, type PdfLanguage } from "./pdf-format.ts";
