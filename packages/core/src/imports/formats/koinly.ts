import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const koinlyFormat: ExportFormat = {
  id: "koinly",
  name: "Koinly",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
