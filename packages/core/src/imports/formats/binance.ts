import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const binanceFormat: ExportFormat = {
  id: "binance",
  name: "Binance",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
