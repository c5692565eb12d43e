import { createHash, randomUUID } from "node:crypto";
import type { ExportFileProblem, ImportPreview, ImportResult } from "@pulsemanager/core";
import { importedRowKeys, type ReadExport, readExport } from "@pulsemanager/core/imports/index";
import type { ChainServices } from "../chain/services.ts";
import type { Db } from "../db/client.ts";
import { exchangeAccounts, exchangeFiles, exchangeRows } from "../db/schema.ts";
import { type Tx, withUserLock } from "../db/user-lock.ts";
import { accountOfFormat, freeName, hasFile, heldKeys, listAccounts, ownAccount } from "./import-store.ts";

export interface ImportDeps {
  db: Db;
  now: () => Date;
  /** Prices and the token registry, for the accounts' holdings. */
  chain: Pick<ChainServices, "prices" | "registry">;
}

/** A file that is no export the importers read: nothing of it is stored. */
export class ExportRefused extends Error {
  constructor(
    readonly problem: ExportFileProblem | "unknown-account",
    readonly detail?: string,
  ) {
    super(`export refused: ${problem}`);
  }
}

interface Target {
  read: ReadExport;
  keys: string[];
  contentHash: string;
}

/** The file read and its rows keyed; a file that is no export is refused here, before anything is stored. */
function readTarget(bytes: Uint8Array): Target {
  const read = readExport(bytes);
  if (!read.ok) throw new ExportRefused(read.problem, read.detail);
  const contentHash = createHash("sha256").update(bytes).digest("hex");
  return { read, keys: importedRowKeys(read.rows), contentHash };
}

/** The account a file goes into: the one asked for, else the user's first of its format; undefined: a new one. */
async function accountFor(db: Db | Tx, userId: string, format: string, accountId?: string) {
  if (!accountId) return accountOfFormat(db, userId, format);
  const account = await ownAccount(db, userId, accountId);
  if (!account) throw new ExportRefused("unknown-account");
  return account;
}

/** What the file holds and what importing it would add; nothing is stored. */
export async function previewImport(
  deps: ImportDeps,
  userId: string,
  bytes: Uint8Array,
  query: { name: string; accountId?: string },
): Promise<ImportPreview> {
  const { read, keys, contentHash } = readTarget(bytes);
  const account = await accountFor(deps.db, userId, read.format, query.accountId);
  const held = account ? await heldKeys(deps.db, account.id, keys) : new Set<string>();
  const { rows, assets, from, to } = read.summary;
  return {
    fileName: query.name,
    format: read.format,
    account: account?.name ?? read.account,
    accountId: account?.id ?? null,
    rows: {
      trades: rows.trade,
      deposits: rows.deposit,
      withdrawals: rows.withdrawal,
      rewards: rows.reward,
      other: rows.other,
    },
    assets,
    from,
    to,
    warnings: read.refused,
    newRows: keys.filter((k) => !held.has(k)).length,
    alreadyImported: account ? await hasFile(deps.db, account.id, contentHash) : false,
  };
}

/**
 * Stores the file's rows the account does not hold yet, in one transaction with the file's record (a
 * new account named after the format when none fits). The same file again adds nothing.
 */
export async function importExport(
  deps: ImportDeps,
  userId: string,
  bytes: Uint8Array,
  query: { name: string; accountId?: string },
): Promise<ImportResult> {
  const target = readTarget(bytes);
  // Under the user's lock: two imports at once neither create two accounts nor store a row twice.
  const result = await withUserLock(deps.db, userId, (tx) => storeNewRows(tx, userId, target, query, deps.now()));
  const account = (await listAccounts(deps.db, userId)).find((a) => a.id === result.accountId);
  if (!account) throw new Error("imported account vanished");
  return { account, added: result.added, alreadyThere: target.read.rows.length - result.added };
}

/** The file's record and its rows the account does not hold yet (a new account when none fits); the same file again adds nothing. */
async function storeNewRows(
  tx: Tx,
  userId: string,
  { read, keys, contentHash }: Target,
  query: { name: string; accountId?: string },
  now: Date,
): Promise<{ accountId: string; added: number }> {
  const existing = await accountFor(tx, userId, read.format, query.accountId);
  const accountId = existing?.id ?? randomUUID();
  if (!existing) {
    const name = await freeName(tx, userId, read.account);
    await tx
      .insert(exchangeAccounts)
      .values({ id: accountId, userId, name, format: read.format, createdAt: now, updatedAt: now });
  } else if (await hasFile(tx, accountId, contentHash)) return { accountId, added: 0 };
  const held = await heldKeys(tx, accountId, keys);
  const fresh = read.rows.flatMap((row, i) => (held.has(keys[i] as string) ? [] : [{ row, key: keys[i] as string }]));
  const fileId = randomUUID();
  await tx
    .insert(exchangeFiles)
    .values({ id: fileId, accountId, fileName: query.name, contentHash, rowsAdded: fresh.length, importedAt: now });
  for (let i = 0; i < fresh.length; i += 1000) {
    const part = fresh.slice(i, i + 1000);
    await tx
      .insert(exchangeRows)
      .values(part.map(({ row, key }) => ({ accountId, fileId, rowKey: key, time: row.time, kind: row.kind, row })));
  }
  return { accountId, added: fresh.length };
}
