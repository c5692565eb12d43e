import { D } from "../chains/amounts.ts";
import type { ImportedRow, ImportKind } from "./imported-row.ts";
import { isZoned } from "./imported-row.ts";

/** What a file holds, as the preview shows it before anything is stored. */
export interface ExportSummary {
  rows: Record<ImportKind, number>;
  /** Tickers as the file writes them, sorted. */
  assets: string[];
  /** The first and last row's time (ISO; UTC where the file allows, else as written without a zone). */
  from: string | null;
  to: string | null;
  /** Amount received in trades per asset, exact. */
  bought: Record<string, string>;
}

/** Earlier of two ISO times of one file (all zoned or all unzoned). */
function earlier(a: string, b: string): boolean {
  return isZoned(a) && isZoned(b) ? Date.parse(a) < Date.parse(b) : a < b;
}

export function summarise(rows: readonly ImportedRow[], extraTimes: readonly string[] = []): ExportSummary {
  const counts: Record<ImportKind, number> = { trade: 0, deposit: 0, withdrawal: 0, reward: 0, other: 0 };
  const assets = new Set<string>();
  const bought = new Map<string, InstanceType<typeof D>>();
  for (const row of rows) {
    counts[row.kind] += 1;
    for (const leg of [row.in, row.out, ...(row.alsoIn ?? []), ...(row.alsoOut ?? []), ...row.fees])
      if (leg) assets.add(leg.asset);
    if (row.kind !== "trade") continue;
    for (const leg of [row.in, ...(row.alsoIn ?? [])])
      if (leg) bought.set(leg.asset, (bought.get(leg.asset) ?? new D(0)).add(leg.amount));
  }
  const times = [...rows.map((r) => r.time), ...extraTimes];
  const from = times.reduce<string | null>((m, t) => (m === null || earlier(t, m) ? t : m), null);
  const to = times.reduce<string | null>((m, t) => (m === null || earlier(m, t) ? t : m), null);
  return {
    rows: counts,
    assets: [...assets].sort(),
    from,
    to,
    bought: Object.fromEntries([...bought].map(([a, v]) => [a, v.toFixed()])),
  };
}
