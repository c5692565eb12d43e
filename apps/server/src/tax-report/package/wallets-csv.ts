/**
 * wallets.csv: the report's wallets and chains, and how far each wallet's history was read on each
 * chain (sync_state: per source the last block read, whether the read was partial, when a sync last read
 * to the explorer's newest data). The report's own facts (incompleteChains, historyReadAt) come first.
 */
import { chainName, type WalletReportMeta } from "@pulsemanager/core";
import { csvFile } from "./csv-file.ts";

export interface SyncMark {
  chainId: number;
  address: string;
  source: string;
  syncedToBlock: number;
  partial: boolean;
  problems: string | null;
  readToHeadAt: Date | null;
}

export const WALLET_COLUMNS = [
  "Wallet",
  "Chain",
  "Chain-ID",
  "Im Bericht vollständig gelesen",
  "Verlauf des Berichts bis (UTC)",
  "Quelle",
  "Gelesen bis Block",
  "Teilweise gelesen",
  "Zuletzt bis zum Ende gelesen (UTC)",
  "Probleme",
] as const;

export function walletsCsv(meta: WalletReportMeta, marks: readonly SyncMark[]): string {
  const rows: string[][] = [];
  const complete = (chainId: number) => (meta.incompleteChains.includes(chainId) ? "Nein" : "Ja");
  // A history read shortly before the report was not read again: the report covers it until then.
  const readUntil = meta.historyReadAt ?? meta.generatedAt;
  for (const wallet of meta.wallets) {
    for (const chainId of meta.chains) {
      const own = marks.filter((m) => m.address === wallet && m.chainId === chainId);
      const base = [wallet, chainName(chainId), String(chainId), complete(chainId), readUntil];
      if (own.length === 0) rows.push([...base, "", "", "", "", "nie gelesen"]);
      for (const m of own)
        rows.push([
          ...base,
          m.source,
          String(m.syncedToBlock),
          m.partial ? "Ja" : "Nein",
          m.readToHeadAt ? m.readToHeadAt.toISOString() : "",
          m.problems && m.problems !== "[]" ? m.problems : "",
        ]);
    }
  }
  return csvFile(WALLET_COLUMNS, rows, new Set([2, 6]));
}
