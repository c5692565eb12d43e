/**
 * anlage-so-YYYY.json: the Anlage SO lines of the year, machine-readable (core's anlageSoForm, the same
 * lines as the PDF's page): per line the form's line number (null while not checked against the
 * official form, the secondary sources' number in unverifiedLine), the wording, the figure and the
 * amount in EUR with 2 decimals.
 */
import type { AnlageSoForm } from "@pulsemanager/core";

export function anlageSoFileName(year: number): string {
  return `anlage-so-${year}.json`;
}

export function anlageSoJson(form: AnlageSoForm): string {
  return `${JSON.stringify(form, null, 2)}\n`;
}
