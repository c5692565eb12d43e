import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const cointrackingFormat: ExportFormat = {
  id: "cointracking",
  name: "CoinTracking",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
