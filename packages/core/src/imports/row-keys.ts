import type { ImportedLeg, ImportedRow } from "./imported-row.ts";

/**
 * The key of each row within its account, so that the same file imported twice adds nothing and an
 * overlapping later export adds only what is new: the exchange's own id where the file has one, else
 * the row's time, operation and legs with the number of its repeat in the file (Binance writes
 * identical lines for separate fills of one size: they are separate rows, and a later export that
 * holds them again holds them as often).
 */
export function importedRowKeys(rows: readonly ImportedRow[]): string[] {
  const repeats = new Map<string, number>();
  return rows.map((row) => {
    const base = row.externalId ? `id:${row.kind}:${row.externalId}` : `row:${contentOf(row)}`;
    const n = repeats.get(base) ?? 0;
    repeats.set(base, n + 1);
    return n === 0 ? base : `${base}#${n}`;
  });
}

function contentOf(row: ImportedRow): string {
  const leg = (l: ImportedLeg | undefined) => (l ? `${l.amount} ${l.asset}` : "");
  return [row.time, row.operation, leg(row.out), leg(row.in), row.fees.map(leg).join("+")].join("|");
}
