/**
 * A row's description in the user's language: the engine's key and amounts (RowDescription) with the
 * phrases of the namespace wallet-report (descriptions.*), headed by the row's type. The advisor's
 * CSV and PDF keep the German text of core (description-de.ts).
 */
import type { DeclaredStatement, DescribedAmount, ReportTransaction } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { formatAmount, formatEur, formatReportDate } from "./report-format.ts";
import { reportWalletLabel } from "./report-wallet.ts";

type DescribedRow = Pick<ReportTransaction, "typ" | "description" | "wertEUR" | "from_address" | "to_address">;

function amounts(list: readonly DescribedAmount[], language: string): string {
  return list.map((a) => `${formatAmount(a.amount, language)} ${a.symbol}`).join(" + ");
}

export function describeRow(row: DescribedRow, t: TFunction, language: string): string {
  const d = row.description;
  if (d.key === "text") return d.note ?? "";
  const value = formatEur(row.wertEUR, language);
  const oneSided = d.key === "boughtForEur" || d.key === "soldForEur";
  const phrase = t(`wallet-report:descriptions.${oneSided && value === null ? `${d.key}NoValue` : d.key}`, {
    given: amounts(d.given, language),
    received: amounts(d.received, language),
    from: row.from_address ? reportWalletLabel(row.from_address, t) : "–",
    to: row.to_address ? reportWalletLabel(row.to_address, t) : "–",
    value,
  });
  const said = d.declared ? `${phrase} – ${statement(d.declared, d.key !== "declared", t, language)}` : phrase;
  const text = `${t(`wallet-report:typ.${row.typ}`)}: ${said}`;
  return d.note ? `${text} – ${d.note}` : text;
}

/** The user's own statement the row books: "Deine Angabe: gekauft für 120,00 € am 01.02.2021". */
function statement(s: DeclaredStatement, missingUnits: boolean, t: TFunction, language: string): string {
  const text = t(`wallet-report:descriptions.statement.${s.kind}`, {
    eur: formatEur(s.eur ?? "0", language),
    on: formatReportDate(s.acquiredOn, language),
    from: s.from ?? "",
    given: s.given ?? "",
  });
  return t(`wallet-report:descriptions.${missingUnits ? "statementMissing" : "statementArrival"}`, { statement: text });
}
