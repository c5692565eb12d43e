/**
 * The lines of the tax form "Anlage SO" (sonstige Einkünfte) a year's crypto figures go into: the
 * §23 EStG private disposals ("andere Wirtschaftsgüter"; from 2025 the form's section for crypto
 * assets) and the §22 Nr. 3 EStG income ("Leistungen"), with the amounts to enter and the Freigrenze.
 *
 * A line number is only given when it was checked against the official form or its Anleitung. None
 * could be checked yet (docs/research/anlage-so.md): every `line` is null, and ANLAGE_SO_LINE_CANDIDATES
 * keeps the numbers secondary sources name, marked unverified, with where they came from.
 */
import type { AnlageSoLines } from "./advisor-lines.ts";
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
}

export interface AnlageSoForm {
  year: number;
  section: string;
  lines: AnlageSoFormLine[];
  sources: string[];
}

/** A line number a secondary source names, not (yet) checked against the official form. */
export interface AnlageSoLineCandidate {
  figure: string;
  /** The tax years the source speaks of. */
  years: string;
  line: number;
  verified: false;
  source: string;
}

const DIVLY =
  "https://help.divly.com/en/articles/10560062-so-reichst-du-deine-krypto-steuererklarung-beim-finanzamt-ein";

/** Line numbers found only in secondary sources (docs/research/anlage-so.md); none for 2025 were found. */
export const ANLAGE_SO_LINE_CANDIDATES: readonly AnlageSoLineCandidate[] = [
  { figure: "proceeds", years: "2023-2024", line: 44, verified: false, source: DIVLY },
  { figure: "cost", years: "2023-2024", line: 45, verified: false, source: DIVLY },
  { figure: "gainTaxable", years: "2023-2024", line: 47, verified: false, source: DIVLY },
  { figure: "gainTaxableAfterFreigrenze", years: "2023-2024", line: 54, verified: false, source: DIVLY },
  { figure: "income22", years: "2023-2024", line: 11, verified: false, source: DIVLY },
];

/** The primary sources the lines are to be checked against (not reachable when this was written). */
const PRIMARY_SOURCES = [
  "https://www.formulare-bfinv.de (Formular-Management-System: Anlage SO und Anleitung zur Anlage SO des Jahres)",
  "https://www.bundesfinanzministerium.de (BMF-Schreiben vom 6. März 2025, IV C 1 - S 2256/00042/064/043: Einzelfragen zur ertragsteuerrechtlichen Behandlung bestimmter Kryptowerte)",
];

/** The first tax year whose Anlage SO has its own section for crypto assets. */
const CRYPTO_SECTION_FROM = 2025;

function sectionOf(year: number): string {
  return year >= CRYPTO_SECTION_FROM
    ? "Private Veräußerungsgeschäfte mit Kryptowerten (§ 23 EStG) und Leistungen (§ 22 Nr. 3 EStG)"
    : "Private Veräußerungsgeschäfte: andere Wirtschaftsgüter (§ 23 EStG) und Leistungen (§ 22 Nr. 3 EStG)";
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

function note23(year: number, figures: YearFigures): string {
  const limit = euros(freigrenze23(year));
  if (parseEur(figures.gainTaxable) < 0n) {
    return "Verlust: nicht steuerpflichtig, verrechenbar mit Gewinnen aus privaten Veräußerungsgeschäften (§ 23 Abs. 3 EStG)";
  }
  return figures.freigrenze23Crossed
    ? `Freigrenze ${limit} erreicht oder überschritten: der ganze Gewinn ist steuerpflichtig`
    : `Gewinn unter der Freigrenze von ${limit}: steuerfrei`;
}

function note22(year: number, figures: YearFigures): string {
  const limit = euros(freigrenze22(year));
  return figures.freigrenze22Crossed
    ? `Freigrenze ${limit} erreicht oder überschritten: alle Einkünfte sind steuerpflichtig`
    : `Einkünfte unter der Freigrenze von ${limit}: steuerfrei`;
}

/** The §23 lines: proceeds, costs (so that proceeds - costs = the gain to the cent), gain, the taxable sum. */
function disposalLines(year: number, figures: YearFigures, lines: AnlageSoLines): AnlageSoFormLine[] {
  const proceeds = sumEur(lines.disposals.map((d) => d.proceeds));
  const gain = parseEur(lines.disposalsTotal);
  return [
    {
      line: null,
      label: "Veräußerungspreis oder an dessen Stelle tretender Wert",
      figure: "proceeds",
      amount: eurCents(proceeds),
      note: "Summe aller steuerbaren Veräußerungen innerhalb eines Jahres nach der Anschaffung, nach Veräußerungskosten",
    },
    {
      line: null,
      label: "Anschaffungskosten (ggf. gemindert um AfA)",
      figure: "cost",
      amount: eurCents(proceeds - gain),
      note: "einschließlich Anschaffungsnebenkosten (Gebühren)",
    },
    { line: null, label: "Gewinn / Verlust", figure: "gainTaxable", amount: eurCents(gain) },
    {
      line: null,
      label: "Summe der Gewinne und Verluste aus privaten Veräußerungsgeschäften",
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

/** The §22 Nr. 3 lines: income, Werbungskosten (not determined), income after the Freigrenze. */
function incomeLines(year: number, figures: YearFigures, lines: AnlageSoLines): AnlageSoFormLine[] {
  return [
    { line: null, label: "Einnahmen aus Leistungen", figure: "income22", amount: lines.incomeTotal },
    {
      line: null,
      label: "Werbungskosten",
      figure: "expenses22",
      amount: "0.00",
      note: "nicht ermittelt: eigene Werbungskosten trägst du selbst ein",
    },
    {
      line: null,
      label: "Einkünfte aus Leistungen",
      figure: "income22AfterFreigrenze",
      amount: figures.income22AfterFreigrenze,
      note: note22(year, figures),
    },
  ];
}

/** The Anlage SO lines of `year` for the year's figures and its disposal and income lines. */
export function anlageSoForm(year: number, figures: YearFigures, lines: AnlageSoLines): AnlageSoForm {
  return {
    year,
    section: sectionOf(year),
    lines: [...disposalLines(year, figures, lines), ...incomeLines(year, figures, lines)],
    sources: [...PRIMARY_SOURCES, ...new Set(ANLAGE_SO_LINE_CANDIDATES.map((c) => c.source))],
  };
}
