import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const bitpandaFormat: ExportFormat = {
  id: "bitpanda",
  name: "Bitpanda",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
