/**
 * The German words of a row's description (the advisor's CSV and PDF, the command line, and the
 * API's `beschreibung`): "Kauf: 1234,5 HEX gegen 10 PLS". The engine keeps only the key and the
 * amounts (RowDescription); the web page writes the same in the user's language from its i18n.
 */
import type { DeclarationKind } from "./declarations-api.ts";
import { eurCents, germanRounded, parseEur } from "./fixed.ts";
import type {
  DeclaredStatement,
  DescribedAmount,
  DescriptionKey,
  ReportTransaction,
  WalletReportRow,
} from "./types.ts";

/** Placeholders: {given}, {received} (the amounts, " + " between several), {from}, {to}, {value} (EUR). */
export const GERMAN_DESCRIPTIONS: Readonly<Record<DescriptionKey, string>> = {
  buy: "{received} gegen {given}",
  sell: "{given} gegen {received}",
  swap: "{given} gegen {received}",
  boughtForEur: "{received} für {value} EUR",
  soldForEur: "{given} für {value} EUR",
  income: "{received} erhalten (Einkünfte §22 Nr. 3)",
  transfer: "{given} von {from} an {to} (eigene Wallets, keine Veräußerung)",
  wrap: "{given} von {from} an {to} (eigene Wallets, keine Veräußerung) – Wrap (keine Veräußerung)",
  unwrap: "{given} von {from} an {to} (eigene Wallets, keine Veräußerung) – Unwrap (keine Veräußerung)",
  unknownIn: "{received} erhalten, Anschaffungskosten unbekannt",
  unknownOut: "{given} an eine fremde Adresse, Gegenleistung unbekannt",
  feeOnly: "Nur Transaktionsgebühr",
  stakeStart: "{given} von {from} in {to} gelegt (keine Veräußerung, Anschaffungsdaten bleiben)",
  stakeEnd: "{given} aus {from} zurück an {to} (keine Veräußerung, Anschaffungsdaten bleiben)",
  stakeYield: "{received} Stake-Ertrag erhalten (Einkünfte §22 Nr. 3)",
  stakePenalty: "{given} als Strafe beim Stake-Ende einbehalten, keine Gegenleistung",
  declared: "{received} erhalten",
  text: "",
};

/**
 * The user's own statement (a declared arrival, or declared missing units of a disposal), after the
 * phrase. Placeholders: {eur} (German, 2 decimals), {on} (dd.mm.yyyy), {from}, {given} (as the user wrote them).
 */
export const GERMAN_STATEMENTS: Readonly<Record<DeclarationKind, string>> = {
  cost: "gekauft für {eur} EUR am {on}",
  zero: "geschenkt / Airdrop (0 EUR)",
  income: "Einkünfte (§22 Nr. 3) zum Marktwert bei Erhalt",
  "own-transfer": "von deinem Konto {from}, angeschafft am {on} für {eur} EUR",
  sacrifice: "Sacrifice ({given}) am {on}, Wert {eur} EUR",
};

const STATEMENT_PLACEHOLDER = /\{(eur|on|from|given)\}/g;

/** "Deine Angabe: gekauft für 120,00 EUR am 01.02.2021" (missing units: "Deine Angabe zum fehlenden Bestand: ..."). */
export function germanStatement(s: DeclaredStatement, missingUnits = false): string {
  const text = GERMAN_STATEMENTS[s.kind].replace(STATEMENT_PLACEHOLDER, (_, name: string) => {
    if (name === "eur") return eurCents(parseEur(s.eur ?? "0")).replace(".", ",");
    if (name === "on") return s.acquiredOn ? s.acquiredOn.split("-").reverse().join(".") : "";
    return (name === "from" ? s.from : s.given) ?? "";
  });
  return `${missingUnits ? "Deine Angabe zum fehlenden Bestand" : "Deine Angabe"}: ${text}`;
}

/** "1234,5 HEX + 3 PLS": at most 6 decimals (the exact amounts are in the row and its lots). */
export function germanAmounts(amounts: readonly DescribedAmount[]): string {
  let text = "";
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i] as DescribedAmount;
    const one = `${germanRounded(a.amount, 6)} ${a.symbol}`;
    text = i === 0 ? one : `${text} + ${one}`;
  }
  return text;
}

const PLACEHOLDER = /\{(given|received|from|to|value)\}/g;

export type DescribedRow = Pick<ReportTransaction, "typ" | "description" | "wertEUR" | "from_address" | "to_address">;

/** The row's description in German: "<Typ>: " and the phrase, then " – " and the event's note. */
export function germanDescription(row: DescribedRow): string {
  const d = row.description;
  if (d.key === "text") return d.note ?? "";
  let phrase = GERMAN_DESCRIPTIONS[d.key];
  // A one-sided buy or sell without a known value: the amount alone.
  if ((d.key === "boughtForEur" || d.key === "soldForEur") && row.wertEUR === null)
    phrase = d.key === "boughtForEur" ? "{received}" : "{given}";
  const text = phrase.replace(PLACEHOLDER, (_, name: string) => {
    if (name === "given") return germanAmounts(d.given);
    if (name === "received") return germanAmounts(d.received);
    if (name === "from") return row.from_address;
    if (name === "to") return row.to_address;
    return (row.wertEUR as string).replace(".", ",");
  });
  const said = d.declared ? `${text} – ${germanStatement(d.declared, d.key !== "declared")}` : text;
  return d.note ? `${row.typ}: ${said} – ${d.note}` : `${row.typ}: ${said}`;
}

/** The rows as the API answers them: each gets `beschreibung` (in place: a report can have hundreds of thousands). */
export function withGermanDescriptions(rows: ReportTransaction[]): WalletReportRow[] {
  for (const row of rows) (row as WalletReportRow).beschreibung = germanDescription(row);
  return rows as WalletReportRow[];
}
