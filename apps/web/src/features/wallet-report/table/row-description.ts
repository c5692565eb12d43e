/**
 * A row's description in the user's language: the engine's key and amounts (RowDescription) with the
 * phrases of the namespace wallet-report (descriptions.*), headed by the row's type. The advisor's
 * CSV and PDF keep the German text of core (description-de.ts).
 */
import {
  bridgeUnmatchedVariant,
  type DeclaredStatement,
  type DescribedAmount,
  type ReportTransaction,
} from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { shortChainName } from "../../../lib/address.ts";
import { formatAmount, formatEur, formatReportDate } from "../report-format.ts";
import { reportWalletLabel } from "../report-wallet.ts";

type DescribedRow = Pick<ReportTransaction, "typ" | "description" | "wertEUR" | "from_address" | "to_address">;

function amounts(list: readonly DescribedAmount[], language: string): string {
  return list.map((a) => `${formatAmount(a.amount, language)} ${a.symbol}`).join(" + ");
}

/** The fork's date: "11.05.2023" (de), "11 May 2023" (en). */
function dayText(isoDay: string | undefined, language: string): string {
  if (!isoDay || language.startsWith("de")) return formatReportDate(isoDay, language);
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    date,
  );
}

/** The phrase's key: one-sided buys and sells without a value, and unmatched bridge sides by direction and reason. */
function phraseKey(d: DescribedRow["description"], value: string | null): string {
  if ((d.key === "boughtForEur" || d.key === "soldForEur") && value === null) return `${d.key}NoValue`;
  const variant = bridgeUnmatchedVariant(d);
  if (variant) return `bridgeUnmatched${variant.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`;
  return d.key;
}

export function describeRow(row: DescribedRow, t: TFunction, language: string): string {
  const d = row.description;
  if (d.key === "text") return d.note ?? "";
  const value = formatEur(row.wertEUR, language);
  const chain = (id: number | null | undefined) =>
    id === null || id === undefined ? t("wallet-report:descriptions.otherChain") : shortChainName(id);
  const phrase = t(`wallet-report:descriptions.${phraseKey(d, value)}`, {
    given: amounts(d.given, language),
    received: amounts(d.received, language),
    from: row.from_address ? reportWalletLabel(row.from_address, t) : "–",
    to: row.to_address ? reportWalletLabel(row.to_address, t) : "–",
    value,
    date: dayText(d.date, language),
    fromChain: chain(d.fromChain),
    toChain: chain(d.toChain),
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
