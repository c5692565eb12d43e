/**
 * The lines of the tax form "Anlage SO" (sonstige Einkünfte) a year's crypto figures go into: the
 * §23 EStG block for crypto assets (2024: "Einheiten virtueller Währungen und / oder sonstige Token",
 * from 2025: "Kryptowerte") with its allocation line, and §22 Nr. 3 EStG "Leistungen", with the
 * amounts to enter and what the Freigrenze makes of them. The form has no line for the Freigrenze
 * (the Finanzamt applies it); the amounts after it are given as lines without a number.
 *
 * `line` is null until a number was checked against the official form; the number secondary sources
 * give is in `unverifiedLine` (anlage-so-layout.ts, docs/research/anlage-so.md).
 */
import type { AnlageSoLines } from "./advisor-lines.ts";
import { type AnlageSoLayout, type AnlageSoLineKey, anlageSoLayout } from "./anlage-so-layout.ts";
import { EUR_SCALE, eurCents, parseEur, pow10 } from "./fixed.ts";
import { freigrenze22, freigrenze23 } from "./freigrenze.ts";
import type { YearFigures } from "./types.ts";

export interface AnlageSoFormLine {
  /** The form's line ("Zeile") number; null when not verified against the official form. */
  line: number | null;
  /** The form's own German wording, short. */
  label: string;
  figure:
    | "gainTaxable"
    | "gainTaxFree"
    | "gainTaxableAfterFreigrenze"
    | "income22"
    | "income22AfterFreigrenze"
    | "proceeds"
    | "cost"
    | string;
  /** EUR with 2 decimals, "1234.56" (a negative gain "-12.30"). */
  amount: string;
  /** German, e.g. "Freigrenze 1.000 € überschritten: alles steuerpflichtig". */
  note?: string;
  /** The line number secondary sources give while `line` is null (not checked against the form). */
  unverifiedLine?: number;
}

export interface AnlageSoForm {
  year: number;
  section: string;
  lines: AnlageSoFormLine[];
  sources: string[];
}

/** Whole euros of an atto-euro limit, German: 1000 -> "1.000 €". */
function euros(atto: bigint): string {
  const whole = String(atto / pow10(EUR_SCALE));
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ".")} €`;
}

/** The sum of EUR strings, in atto-euros (exact). */
function sumEur(values: readonly string[]): bigint {
  return values.reduce((sum, v) => sum + parseEur(v), 0n);
}

/** A line of the year's form: its number when verified, else the unverified one beside it. */
function formLine(layout: AnlageSoLayout, key: AnlageSoLineKey, amount: string, note?: string): AnlageSoFormLine {
  const number = layout.lines?.[key];
  const line: AnlageSoFormLine = {
    line: layout.verified && number !== undefined ? number : null,
    label: layout.labels[key],
    figure: key,
    amount,
  };
  if (note !== undefined) line.note = note;
  if (!layout.verified && number !== undefined) line.unverifiedLine = number;
  return line;
}

function note23(year: number, figures: YearFigures): string {
  const limit = euros(freigrenze23(year));
  if (parseEur(figures.gainTaxable) < 0n) {
    return "Verlust: nicht steuerpflichtig, aber einzutragen; verrechenbar mit Gewinnen aus privaten Veräußerungsgeschäften (§ 23 Abs. 3 EStG)";
  }
  return figures.freigrenze23Crossed
    ? `Freigrenze ${limit} erreicht oder überschritten: der ganze Gewinn ist steuerpflichtig`
    : `Gewinn unter der Freigrenze von ${limit}: steuerfrei, muss nicht eingetragen werden`;
}

function note22(year: number, figures: YearFigures): string {
  const limit = euros(freigrenze22(year));
  return figures.freigrenze22Crossed
    ? `Freigrenze ${limit} erreicht oder überschritten: alle Einkünfte sind steuerpflichtig`
    : `Einkünfte unter der Freigrenze von ${limit}: steuerfrei, müssen nicht eingetragen werden`;
}

/**
 * The §23 lines: proceeds (after sale costs) and costs (with purchase fees) such that proceeds - costs
 * = the gain to the cent, the gain, its allocation line, and the amounts the form has no line for.
 */
function disposalLines(year: number, figures: YearFigures, lines: AnlageSoLines): AnlageSoFormLine[] {
  const layout = anlageSoLayout(year);
  const proceeds = sumEur(lines.disposals.map((d) => d.proceeds));
  const gain = parseEur(lines.disposalsTotal);
  const several = lines.disposals.length > 1 ? "Summe aller Veräußerungen; Einzelaufstellung beilegen" : undefined;
  return [
    formLine(layout, "proceeds", eurCents(proceeds), several),
    formLine(layout, "cost", eurCents(proceeds - gain), "einschließlich Anschaffungsnebenkosten (Gebühren)"),
    formLine(
      layout,
      "expenses23",
      "0.00",
      "Gebühren sind im Veräußerungspreis und in den Anschaffungskosten enthalten",
    ),
    formLine(layout, "gainTaxable", eurCents(gain)),
    formLine(layout, "gainAllocated", eurCents(gain), note23(year, figures)),
    {
      line: null,
      label: "Steuerpflichtiger Gewinn nach der Freigrenze (keine Zeile im Formular)",
      figure: "gainTaxableAfterFreigrenze",
      amount: figures.gainTaxableAfterFreigrenze,
      note: note23(year, figures),
    },
    {
      line: null,
      label: "Veräußerungen nach mehr als einem Jahr (nicht einzutragen)",
      figure: "gainTaxFree",
      amount: figures.gainTaxFree,
      note: "nicht steuerbar (§ 23 Abs. 1 Satz 1 Nr. 2 EStG): gehört nicht in die Anlage SO",
    },
  ];
}

/** The §22 Nr. 3 lines: income, Werbungskosten (not determined), Einkünfte, and the amount after the Freigrenze. */
function incomeLines(year: number, figures: YearFigures, lines: AnlageSoLines): AnlageSoFormLine[] {
  const layout = anlageSoLayout(year);
  return [
    formLine(layout, "income22", lines.incomeTotal),
    formLine(layout, "expenses22", "0.00", "nicht ermittelt: eigene Werbungskosten trägst du selbst ein"),
    formLine(layout, "income22Net", lines.incomeTotal, note22(year, figures)),
    {
      line: null,
      label: "Steuerpflichtige Einkünfte aus Leistungen nach der Freigrenze (keine Zeile im Formular)",
      figure: "income22AfterFreigrenze",
      amount: figures.income22AfterFreigrenze,
      note: note22(year, figures),
    },
  ];
}

/** The Anlage SO lines of `year` for the year's figures and its disposal and income lines. */
export function anlageSoForm(year: number, figures: YearFigures, lines: AnlageSoLines): AnlageSoForm {
  const layout = anlageSoLayout(year);
  return {
    year,
    section: `${layout.cryptoBlock} (§ 23 EStG); Leistungen (§ 22 Nr. 3 EStG)`,
    lines: [...disposalLines(year, figures, lines), ...incomeLines(year, figures, lines)],
    sources: layout.sources,
  };
}
