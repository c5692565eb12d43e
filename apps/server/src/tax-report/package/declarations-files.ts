/**
 * angaben.csv and angaben.json: the user's own statements the report applied (result.meta.declarations),
 * each with the day and time it was made, oldest first.
 */
import { chainName, germanDate, germanNumber, type StoredDeclaration } from "@pulsemanager/core";
import { csvFile } from "./csv-file.ts";

export const DECLARATION_COLUMNS = [
  "Angegeben am",
  "Art",
  "Chain",
  "Token-Adresse",
  "Wallet",
  "Transaktion",
  "Angeschafft am",
  "Anschaffungskosten / Wert (EUR)",
  "Herkunft",
] as const;

const KINDS: Record<StoredDeclaration["kind"], string> = {
  cost: "Gekauft (Anschaffungskosten angegeben)",
  zero: "Ohne Anschaffungskosten (0 €)",
  income: "Einkunft (§ 22 Nr. 3 EStG)",
  "own-transfer": "Eigene Übertragung",
  sacrifice: "Sacrifice",
};

export function sortedDeclarations(declarations: readonly StoredDeclaration[]): StoredDeclaration[] {
  return [...declarations].sort((a, b) => a.declaredAt.localeCompare(b.declaredAt));
}

function detail(d: StoredDeclaration): [string, string, string] {
  switch (d.kind) {
    case "cost":
      return [germanDate(d.acquiredOn), germanNumber(d.eur), ""];
    case "own-transfer":
      return [germanDate(d.acquiredOn), germanNumber(d.eur), d.from];
    case "sacrifice":
      return [germanDate(d.acquiredOn), germanNumber(d.eur), d.given];
    default:
      return ["", "", ""];
  }
}

export function declarationsCsv(declarations: readonly StoredDeclaration[]): string {
  const rows = sortedDeclarations(declarations).map((d) => [
    d.declaredAt,
    KINDS[d.kind],
    chainName(d.chainId),
    d.token,
    d.wallet,
    d.txHash,
    ...detail(d),
  ]);
  return csvFile(DECLARATION_COLUMNS, rows, new Set([7]));
}

/** The same statements as the report stored them (machine-readable); null for a report made before they existed. */
export function declarationsJson(declarations: readonly StoredDeclaration[] | undefined): string {
  return `${JSON.stringify({ declarations: declarations ? sortedDeclarations(declarations) : null }, null, 2)}\n`;
}
