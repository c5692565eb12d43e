import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const krakenFormat: ExportFormat = {
  id: "kraken",
  name: "Kraken",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
