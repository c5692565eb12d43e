/**
 * The Anlage SO lines a crypto holder's figures go into, per form year: the printed wording and the
 * line ("Zeile") numbers, with where each came from. docs/research/anlage-so.md has the sources.
 *
 * No line number here was read from the official form by this project: the official forms
 * (formulare-bfinv.de) were out of reach when this was written. The numbers come from a published
 * reading of the official 2024 and 2025 forms in another open-source project, and for 2024 also from
 * a crypto-tax vendor's help page, which agree. They are kept as unverified until checked against
 * the forms themselves; when that is done, set VERIFIED for the year.
 */

/** The form lines a year's figures go into (§23 crypto block, its allocation line, §22 Nr. 3 Leistungen). */
export type AnlageSoLineKey =
  | "proceeds"
  | "cost"
  | "expenses23"
  | "gainTaxable"
  | "gainAllocated"
  | "income22"
  | "expenses22"
  | "income22Net";

export interface AnlageSoLayout {
  /** The form year whose wording this is. */
  formYear: number;
  /** The heading of the form's §23 block for crypto assets. */
  cryptoBlock: string;
  labels: Record<AnlageSoLineKey, string>;
  /** Line numbers for this form year, or null when none were found. */
  lines: Record<AnlageSoLineKey, number> | null;
  /** Whether the line numbers were checked against the official form. */
  verified: boolean;
  sources: string[];
}

const SECONDARY_2024_2025 =
  "https://github.com/denniskasper/open-leprechaun/blob/69d9f124572ba10863cf677ed0b34fd7efeafba9/docs/research/tax-form-lines.md (Lesung der amtlichen Formulare 2024 und 2025 im Formular-Management-System; Sekundärquelle)";
const DIVLY =
  "https://help.divly.com/en/articles/10560062-so-reichst-du-deine-krypto-steuererklarung-beim-finanzamt-ein (Zeilen 41–47, 54, 10–11 der Anlage SO; Sekundärquelle)";
const FMS_2024 =
  "https://www.formulare-bfinv.de/ffw/action/invoke.do?id=034029_24 (Anlage SO 2024 und Anleitung Anltg_SO_24.pdf; nicht selbst gelesen)";
const FMS_2025 =
  "https://www.formulare-bfinv.de/ffw/action/invoke.do?id=034029_25 (Anlage SO 2025 und Anleitung Anltg_SO_25.pdf; nicht selbst gelesen)";
const BMF_2025 =
  "https://www.bundesfinanzministerium.de (BMF-Schreiben vom 6. März 2025, IV C 1 - S 2256/00042/064/043, BStBl I S. 658: Einzelfragen zur ertragsteuerrechtlichen Behandlung bestimmter Kryptowerte)";

const SHARED_LABELS = {
  proceeds: "Veräußerungspreis oder an dessen Stelle tretender Wert (z. B. gemeiner Wert)",
  cost: "Anschaffungskosten oder an deren Stelle tretender Wert (z. B. Teilwert, gemeiner Wert)",
  expenses23: "Werbungskosten im Zusammenhang mit dem Veräußerungsgeschäft",
  income22Net: "Einkünfte",
};

const LAYOUT_2024: AnlageSoLayout = {
  formYear: 2024,
  cryptoBlock: "Private Veräußerungsgeschäfte: Einheiten virtueller Währungen und / oder sonstige Token",
  labels: {
    ...SHARED_LABELS,
    gainTaxable: "Gewinn / Verlust (zu übertragen nach Zeile 54)",
    gainAllocated: "Zurechnung der Beträge aus den Zeilen 47 und 53",
    income22: "Einnahmen im Zusammenhang mit Einheiten virtueller Währungen und / oder sonstigen Token",
    expenses22: "Werbungskosten zu den Einnahmen laut den Zeilen 11 bis 13",
  },
  lines: {
    proceeds: 44,
    cost: 45,
    expenses23: 46,
    gainTaxable: 47,
    gainAllocated: 54,
    income22: 11,
    expenses22: 15,
    income22Net: 16,
  },
  verified: false,
  sources: [FMS_2024, SECONDARY_2024_2025, DIVLY],
};

const LAYOUT_2025: AnlageSoLayout = {
  formYear: 2025,
  cryptoBlock: "Private Veräußerungsgeschäfte: Kryptowerte",
  labels: {
    ...SHARED_LABELS,
    gainTaxable: "Gewinn / Verlust (zu übertragen nach Zeile 58)",
    gainAllocated: "Zurechnung der Beträge aus den Zeilen 51 und 57",
    income22: "Einnahmen im Zusammenhang mit Kryptowerten",
    expenses22: "Werbungskosten zu den Einnahmen laut den Zeilen 15 bis 17",
  },
  lines: {
    proceeds: 48,
    cost: 49,
    expenses23: 50,
    gainTaxable: 51,
    gainAllocated: 58,
    income22: 15,
    expenses22: 19,
    income22Net: 20,
  },
  verified: false,
  sources: [FMS_2025, SECONDARY_2024_2025, BMF_2025],
};

/**
 * The layout for `year`: its own form's when one is recorded (2024, 2025); otherwise the nearest
 * recorded form's wording without line numbers (line numbers move between years and are never
 * carried over).
 */
export function anlageSoLayout(year: number): AnlageSoLayout {
  if (year === LAYOUT_2024.formYear) return LAYOUT_2024;
  if (year === LAYOUT_2025.formYear) return LAYOUT_2025;
  const nearest = year < LAYOUT_2024.formYear ? LAYOUT_2024 : LAYOUT_2025;
  return { ...nearest, lines: null, sources: [`Anlage SO ${year}: keine Zeilennummern erfasst`, ...nearest.sources] };
}
