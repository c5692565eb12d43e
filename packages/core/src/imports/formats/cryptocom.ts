import type { ExportFormat } from "../export-format.ts";

// PLACEHOLDER until the reader is written: recognises nothing.
export const cryptocomFormat: ExportFormat = {
  id: "cryptocom",
  name: "Crypto.com",
  isHeader: () => false,
  read: () => ({ rows: [], refused: [] }),
};
