import { CSV_BOM, csvField } from "@pulsemanager/core";

/**
 * A CSV file of the package in the form of the report's export (core csv.ts): BOM, ";" between fields,
 * German numbers and dates, CRLF. `numeric`: the columns written as numbers (not guarded as text).
 */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[], numeric = new Set<number>()) {
  const line = (fields: readonly string[]) => fields.map((f, i) => csvField(f, !numeric.has(i))).join(";");
  return `${CSV_BOM}${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}
