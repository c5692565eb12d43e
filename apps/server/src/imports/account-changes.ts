import type { ImportAccount } from "@pulsemanager/core";
import { and, eq } from "drizzle-orm";
import { exchangeAccounts } from "../db/schema.ts";
import { withUserLock } from "../db/user-lock.ts";
import type { ImportDeps } from "./import-service.ts";
import { listAccounts, nameTaken } from "./import-store.ts";

/**
 * Renaming and deleting an imported account, each under the user's lock (an import running at the
 * same time neither meets a half-deleted account nor takes a name being given).
 */
export async function renameAccount(
  deps: ImportDeps,
  userId: string,
  id: string,
  name: string,
): Promise<ImportAccount | "not-found" | "name-taken"> {
  const renamed = await withUserLock(deps.db, userId, async (tx) => {
    // The name is the account's wallet in the report: two accounts of one name would share their lots.
    if (await nameTaken(tx, userId, name, id)) return "name-taken" as const;
    const [row] = await tx
      .update(exchangeAccounts)
      .set({ name, updatedAt: deps.now() })
      .where(and(eq(exchangeAccounts.id, id), eq(exchangeAccounts.userId, userId)))
      .returning({ id: exchangeAccounts.id });
    return row ? row.id : ("not-found" as const);
  });
  if (renamed === "name-taken" || renamed === "not-found") return renamed;
  return (await listAccounts(deps.db, userId)).find((a) => a.id === renamed) ?? "not-found";
}

/** Deletes the account with its files and rows; false when the user has no such account. */
export async function deleteAccount(deps: ImportDeps, userId: string, id: string): Promise<boolean> {
  return withUserLock(deps.db, userId, async (tx) => {
    const [row] = await tx
      .delete(exchangeAccounts)
      .where(and(eq(exchangeAccounts.id, id), eq(exchangeAccounts.userId, userId)))
      .returning({ id: exchangeAccounts.id });
    return row !== undefined;
  });
}
