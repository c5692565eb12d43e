import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const coinbaseFormat: ExportFormat = {
  id: "coinbase",
  name: "Coinbase",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
