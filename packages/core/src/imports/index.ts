/**
 * Exchange and tax-tool exports read as rows (docs/product/imports.md). Imported by the server and
 * the command line as `@pulsemanager/core/imports/index`; not part of the package's root, so the web
 * bundle does not carry the readers.
 */
export * from "./account-balances.ts";
export * from "./account-events.ts";
export * from "./csv-table.ts";
export * from "./decimal-text.ts";
export * from "./exchange-assets.ts";
export * from "./exchange-moves.ts";
export * from "./export-format.ts";
export * from "./export-summary.ts";
export * from "./export-times.ts";
export * from "./imported-row.ts";
export * from "./read-export.ts";
export * from "./reconciliation.ts";
export * from "./row-keys.ts";
