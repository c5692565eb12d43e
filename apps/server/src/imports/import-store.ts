import type { ImportAccount } from "@pulsemanager/core";
import type { ImportedRow } from "@pulsemanager/core/imports/index";
import { and, asc, count, eq, inArray, max, min } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { exchangeAccounts, exchangeFiles, exchangeRows } from "../db/schema.ts";
import type { Tx } from "../db/user-lock.ts";

/** The imported accounts of a user (docs/product/imports.md), each with its files, row count and time range. */
export async function listAccounts(db: Db, userId: string): Promise<ImportAccount[]> {
  const accounts = await db
    .select()
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.userId, userId))
    .orderBy(asc(exchangeAccounts.createdAt));
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  const [files, spans] = await Promise.all([
    db.select().from(exchangeFiles).where(inArray(exchangeFiles.accountId, ids)).orderBy(asc(exchangeFiles.importedAt)),
    db
      .select({
        accountId: exchangeRows.accountId,
        rows: count(),
        from: min(exchangeRows.time),
        to: max(exchangeRows.time),
      })
      .from(exchangeRows)
      .where(inArray(exchangeRows.accountId, ids))
      .groupBy(exchangeRows.accountId),
  ]);
  return accounts.map((a) => {
    const span = spans.find((s) => s.accountId === a.id);
    return {
      id: a.id,
      name: a.name,
      format: a.format,
      rowCount: span?.rows ?? 0,
      from: span?.from ?? null,
      to: span?.to ?? null,
      files: files
        .filter((f) => f.accountId === a.id)
        .map((f) => ({
          id: f.id,
          fileName: f.fileName,
          rowsAdded: f.rowsAdded,
          importedAt: f.importedAt.toISOString(),
        })),
    };
  });
}

/** One of the user's accounts; undefined for another user's or an unknown id. */
export async function ownAccount(db: Db | Tx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(exchangeAccounts)
    .where(and(eq(exchangeAccounts.id, id), eq(exchangeAccounts.userId, userId)));
  return row;
}

/** The user's first account of a format: a second export of the same exchange goes into it. */
export async function accountOfFormat(db: Db | Tx, userId: string, format: string) {
  const [row] = await db
    .select()
    .from(exchangeAccounts)
    .where(and(eq(exchangeAccounts.userId, userId), eq(exchangeAccounts.format, format)))
    .orderBy(asc(exchangeAccounts.createdAt))
    .limit(1);
  return row;
}

/** The row keys an account already holds, of those asked. */
export async function heldKeys(db: Db | Tx, accountId: string, keys: readonly string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (let i = 0; i < keys.length; i += 5000) {
    const part = keys.slice(i, i + 5000);
    const rows = await db
      .select({ key: exchangeRows.rowKey })
      .from(exchangeRows)
      .where(and(eq(exchangeRows.accountId, accountId), inArray(exchangeRows.rowKey, part)));
    for (const r of rows) held.add(r.key);
  }
  return held;
}

/** Whether this file's content was imported into the account before. */
export async function hasFile(db: Db | Tx, accountId: string, contentHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exchangeFiles.id })
    .from(exchangeFiles)
    .where(and(eq(exchangeFiles.accountId, accountId), eq(exchangeFiles.contentHash, contentHash)));
  return row !== undefined;
}

/** An account's rows in time order, as imported, each with its key within the account. */
export async function keyedAccountRows(db: Db, accountId: string): Promise<{ row: ImportedRow; key: string }[]> {
  const rows = await db
    .select({ row: exchangeRows.row, key: exchangeRows.rowKey })
    .from(exchangeRows)
    .where(eq(exchangeRows.accountId, accountId))
    .orderBy(asc(exchangeRows.time), asc(exchangeRows.id));
  return rows.map((r) => ({ row: r.row as ImportedRow, key: r.key }));
}

/** An account's rows in time order, as imported. */
export async function accountRows(db: Db, accountId: string): Promise<ImportedRow[]> {
  return (await keyedAccountRows(db, accountId)).map((r) => r.row);
}

/** Whether another of the user's accounts has this name (case aside): each name is one wallet in the report. */
export async function nameTaken(db: Db | Tx, userId: string, name: string, except?: string): Promise<boolean> {
  const rows = await db
    .select({ id: exchangeAccounts.id, name: exchangeAccounts.name })
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.userId, userId));
  return rows.some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase());
}

/** The format's name, or "Kraken 2", "Kraken 3"… when the user already has an account of that name. */
export async function freeName(db: Db | Tx, userId: string, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base} ${n}`;
    if (!(await nameTaken(db, userId, name))) return name;
  }
}

/** Everything the user imported, for the account export: each account with its files and rows. */
export async function exportImports(db: Db, userId: string) {
  const accounts = await listAccounts(db, userId);
  return Promise.all(accounts.map(async (a) => ({ ...a, rows: await accountRows(db, a.id) })));
}
