import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const kucoinFormat: ExportFormat = {
  id: "kucoin",
  name: "KuCoin",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
