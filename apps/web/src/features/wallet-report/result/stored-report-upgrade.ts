/**
 * Reports stored before the engine's own names were English (the server keeps a user's last ten)
 * are read in today's shape: a row's German `beschreibung` becomes a description of the key "text"
 * (shown as it is), and a lot's `haltefristEndet` / `steuerfreiAb` become `holdingPeriodEnds` /
 * `taxFreeFrom`. A report of today's shape is left alone after a look at its first row and holding.
 */
import type { RowDescription } from "@pulsemanager/core";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

function renameLotKeys(lot: unknown): void {
  if (!isObject(lot) || !("haltefristEndet" in lot)) return;
  lot.holdingPeriodEnds = lot.haltefristEndet;
  delete lot.haltefristEndet;
  if ("steuerfreiAb" in lot) {
    lot.taxFreeFrom = lot.steuerfreiAb;
    delete lot.steuerfreiAb;
  }
}

function upgradeRow(row: unknown): void {
  if (!isObject(row)) return;
  if (row.description === undefined && typeof row.beschreibung === "string") {
    const description: RowDescription = { key: "text", given: [], received: [], note: row.beschreibung };
    row.description = description;
  }
  if (Array.isArray(row.lots)) for (const lot of row.lots) renameLotKeys(lot);
}

/** The answer's JSON, upgraded in place when it is a report stored in the older shape. */
export function upgradeStoredReport(data: unknown): unknown {
  if (!isObject(data)) return data;
  const rows = data.transactions;
  if (Array.isArray(rows) && isObject(rows[0]) && rows[0].description === undefined)
    for (const row of rows) upgradeRow(row);
  const holdings = data.holdings;
  if (Array.isArray(holdings) && isObject(holdings[0]) && "haltefristEndet" in holdings[0])
    for (const lot of holdings) renameLotKeys(lot);
  return data;
}
