import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const blockpitFormat: ExportFormat = {
  id: "blockpit",
  name: "Blockpit",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
