import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const bitvavoFormat: ExportFormat = {
  id: "bitvavo",
  name: "Bitvavo",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
