import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const bitstampFormat: ExportFormat = {
  id: "bitstamp",
  name: "Bitstamp",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
