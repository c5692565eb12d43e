import { randomUUID } from "node:crypto";
import type { Wallet } from "@pulsemanager/core";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { wallets } from "../db/schema.ts";
import { type Tx, withUserLock } from "../db/user-lock.ts";

type Row = typeof wallets.$inferSelect;

export function toApiWallet(r: Row): Wallet {
  return {
    id: r.id,
    user_id: r.userId,
    address: r.address,
    wallet_type: r.walletType,
    chain_id: r.chainId,
    nickname: r.nickname,
    is_active: r.isActive,
    last_connected: r.lastConnected ? r.lastConnected.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function activeWallets(db: Db | Tx, userId: string): Promise<Row[]> {
  return db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.isActive, true)))
    .orderBy(desc(wallets.createdAt));
}

export interface SaveWallet {
  userId: string;
  address: string;
  chainId: number;
  nickname: string;
  walletType?: string;
  now: Date;
  /** How many active wallets the user may have (the plan's limit); an update of an active one always passes. */
  maxActive: number;
}

/**
 * An existing wallet of the user (same chain and address) is re-activated and updated, never duplicated.
 * Null when the wallet would be one more active wallet than `maxActive`. Runs under the user's lock, so
 * parallel adds neither pass the limit together nor insert the same address twice.
 */
export async function saveWallet(db: Db, w: SaveWallet): Promise<{ row: Row; existed: boolean } | null> {
  return withUserLock(db, w.userId, async (tx) => {
    const [existing] = await tx
      .select()
      .from(wallets)
      .where(and(eq(wallets.userId, w.userId), eq(wallets.chainId, w.chainId), eq(wallets.address, w.address)));
    if (!existing?.isActive && (await activeCount(tx, w.userId)) >= w.maxActive) return null;
    if (existing) {
      const [row] = await tx
        .update(wallets)
        .set({
          isActive: true,
          nickname: w.nickname,
          walletType: w.walletType ?? existing.walletType,
          lastConnected: w.walletType ? w.now : existing.lastConnected,
          updatedAt: w.now,
        })
        .where(eq(wallets.id, existing.id))
        .returning();
      return { row: row as Row, existed: true };
    }
    const [row] = await tx
      .insert(wallets)
      .values({
        id: randomUUID(),
        userId: w.userId,
        address: w.address,
        chainId: w.chainId,
        nickname: w.nickname,
        walletType: w.walletType ?? "manual",
        isActive: true,
        lastConnected: w.walletType ? w.now : null,
        createdAt: w.now,
        updatedAt: w.now,
      })
      .returning();
    return { row: row as Row, existed: false };
  });
}

async function activeCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.isActive, true)));
  return row?.n ?? 0;
}

/** Sets the wallet inactive; false when it is not the user's. */
export async function deactivateWallet(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(wallets)
    .set({ isActive: false, updatedAt: now })
    .where(and(eq(wallets.id, id), eq(wallets.userId, userId), eq(wallets.isActive, true)))
    .returning({ id: wallets.id });
  return rows.length > 0;
}
