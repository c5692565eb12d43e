/**
 * The advisor PDF's page "Anlage SO": each line of the form the year's figures go into (core's
 * anlageSoForm: the form's German wording, the line number, the amount to enter, what the Freigrenze
 * makes of it) and where the line numbers come from. A number not yet checked against the official
 * form is shown in brackets and said so.
 */
import type { AnlageSoForm, AnlageSoFormLine } from "@pulsemanager/core";
import type { AdvisorPdfLabels } from "./advisor-pdf-labels.ts";
import { formatEur, type PdfLanguage } from "./pdf-format.ts";
import { COLORS, type PdfWriter } from "./pdf-writer.ts";

/** "Zeile 44", "Zeile (44)" while unverified, or "keine Zeile". */
function lineLabel(line: AnlageSoFormLine, labels: AdvisorPdfLabels): string {
  if (line.line !== null) return `${labels.anlageSoLine} ${line.line}`;
  if (line.unverifiedLine !== undefined) return `${labels.anlageSoLine} (${line.unverifiedLine})`;
  return labels.anlageSoNoLine;
}

export function writeAnlageSoPage(w: PdfWriter, form: AnlageSoForm, labels: AdvisorPdfLabels, lang: PdfLanguage): void {
  w.newPage();
  w.heading(`${labels.sectionAnlageSo} ${form.year}`, 4);
  w.paragraph(form.section, { font: "bold", size: 9.5 });
  w.space(2);
  w.paragraph(labels.anlageSoIntro, { size: 9 });
  if (form.lines.some((l) => l.line === null && l.unverifiedLine !== undefined))
    w.paragraph(labels.anlageSoUnverified, { size: 9, color: COLORS.warning });
  w.space(4);
  for (const line of form.lines) {
    w.space(3);
    w.row(`${lineLabel(line, labels)}: ${line.label}`, formatEur(line.amount, lang), { size: 9.5 }, { font: "bold" });
    if (line.note) w.paragraph(line.note, { size: 8.5, color: COLORS.muted }, 12);
  }
  if (form.sources.length === 0) return;
  w.space(8);
  w.paragraph(labels.anlageSoSources, { font: "bold", size: 8.5, color: COLORS.muted });
  for (const source of form.sources) w.paragraph(source, { size: 7.5, color: COLORS.muted }, 8);
}
