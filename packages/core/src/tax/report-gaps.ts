/**
 * The gaps of a report (missing prices, unknown costs) in the order an advisor needs them: first what
 * can change the figures - gaps with a large EUR value (25,000 DAI that came from outside), gaps of
 * tokens that were disposed of, disposals with unknown cost or proceeds - then, grouped, the unpriced
 * airdrops that were never sold (thousands of promotion tokens: nothing to tax until sold). One order
 * for the advisor PDF and the report page's warnings.
 */
import { parseEur } from "./fixed.ts";
import type { MissingPriceEntry, ReportTransaction, UnknownCostEntry } from "./types.ts";
import { isUnpricedAirdrop } from "./unpriced-airdrop.ts";

/** A gap that matters, with the EUR value of its row when known (e.g. the market value of an arrival). */
export type RankedGap =
  | { kind: "missingPrice"; entry: MissingPriceEntry; valueEur: string | null }
  | { kind: "unknownCost"; entry: UnknownCostEntry; valueEur: string | null };

export interface AirdropGapGroup {
  /** Gap entries (missing prices and unknown costs) of unpriced airdrops never disposed of. */
  entries: number;
  /** Distinct tokens among them. */
  tokens: number;
  /** Their symbols, the most frequent first (at most `symbolsShown`). */
  symbols: string[];
}

export interface ReportGaps {
  /** What matters, in order: known EUR value (largest first), then the rest by date. */
  important: RankedGap[];
  airdrops: AirdropGapGroup;
}

type GapSource = {
  transactions: readonly ReportTransaction[];
  missingPrices: readonly MissingPriceEntry[];
  unknownCosts: readonly UnknownCostEntry[];
};

/** The asset key of a row's main token, as the gap entries name it. */
function rowAsset(row: ReportTransaction): string {
  return row.chainId === null ? row.token_address : `${row.chainId}:${row.token_address.toLowerCase()}`;
}

class RowIndex {
  private readonly byHash = new Map<string, ReportTransaction[]>();
  readonly disposedAssets = new Set<string>();

  constructor(rows: readonly ReportTransaction[]) {
    for (const row of rows) {
      const list = this.byHash.get(row.hash);
      if (list) list.push(row);
      else this.byHash.set(row.hash, [row]);
      for (const lot of row.lots) if (lot.use === "disposed") this.disposedAssets.add(lot.asset);
    }
  }

  /** The row a gap entry belongs to: same hash, its main token the entry's asset (else the hash's first). */
  rowOf(entry: { hash: string; asset: string }): ReportTransaction | undefined {
    const rows = this.byHash.get(entry.hash);
    return rows?.find((r) => rowAsset(r) === entry.asset.toLowerCase() || rowAsset(r) === entry.asset) ?? rows?.[0];
  }
}

function byImportance(a: RankedGap, b: RankedGap): number {
  if (a.valueEur !== null && b.valueEur !== null) {
    const d = parseEur(b.valueEur) - parseEur(a.valueEur);
    if (d !== 0n) return d > 0n ? 1 : -1;
  } else if (a.valueEur !== null) return -1;
  else if (b.valueEur !== null) return 1;
  return a.entry.time - b.entry.time;
}

/** The report's gaps: those that matter ranked, unpriced airdrops never disposed of grouped. */
export function reportGaps(report: GapSource, symbolsShown = 8): ReportGaps {
  const index = new RowIndex(report.transactions);
  const important: RankedGap[] = [];
  const airdropCounts = new Map<string, { symbol: string; n: number }>();
  let airdropEntries = 0;
  const place = (gap: RankedGap) => {
    const row = index.rowOf(gap.entry);
    const airdrop = row !== undefined && isUnpricedAirdrop(row) && !index.disposedAssets.has(gap.entry.asset);
    if (!airdrop) {
      important.push({ ...gap, valueEur: row?.wertEUR ?? null });
      return;
    }
    airdropEntries++;
    const seen = airdropCounts.get(gap.entry.asset);
    if (seen) seen.n++;
    else airdropCounts.set(gap.entry.asset, { symbol: gap.entry.symbol, n: 1 });
  };
  for (const entry of report.missingPrices) place({ kind: "missingPrice", entry, valueEur: null });
  for (const entry of report.unknownCosts) place({ kind: "unknownCost", entry, valueEur: null });
  important.sort(byImportance);
  const symbols = [...airdropCounts.values()]
    .sort((a, b) => b.n - a.n || a.symbol.localeCompare(b.symbol))
    .slice(0, symbolsShown)
    .map((t) => t.symbol);
  return { important, airdrops: { entries: airdropEntries, tokens: airdropCounts.size, symbols } };
}
