import { randomUUID } from "node:crypto";
import type { Investment, InvestmentCurrency, InvestmentFields } from "@pulsemanager/core";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { investments } from "../db/schema.ts";

type Row = typeof investments.$inferSelect;

function toInvestment(r: Row): Investment {
  return {
    id: r.id,
    name: r.name,
    symbol: r.symbol,
    quantity: r.quantity ?? "",
    purchaseDate: r.purchaseDate,
    currency: r.currency as InvestmentCurrency,
    purchasePrice: r.purchasePrice,
    currentValue: r.currentValue,
    chainId: r.chainId,
    tokenAddress: r.tokenAddress,
    note: r.note,
    liveValueUsd: null,
    purchasePriceUsd: null,
    currentValueUsd: null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function columns(fields: InvestmentFields) {
  return { ...fields, quantity: fields.quantity === "" ? null : fields.quantity };
}

export async function listInvestments(db: Db, userId: string): Promise<Investment[]> {
  const rows = await db
    .select()
    .from(investments)
    .where(eq(investments.userId, userId))
    .orderBy(asc(investments.purchaseDate), asc(investments.createdAt));
  return rows.map(toInvestment);
}

export async function addInvestment(db: Db, userId: string, fields: InvestmentFields, now: Date): Promise<Investment> {
  const [row] = await db
    .insert(investments)
    .values({ id: randomUUID(), userId, ...columns(fields), createdAt: now, updatedAt: now })
    .returning();
  return toInvestment(row as Row);
}

/** The updated investment, or null when the user has none with this id. */
export async function updateInvestment(
  db: Db,
  userId: string,
  id: string,
  fields: InvestmentFields,
  now: Date,
): Promise<Investment | null> {
  const [row] = await db
    .update(investments)
    .set({ ...columns(fields), updatedAt: now })
    .where(and(eq(investments.id, id), eq(investments.userId, userId)))
    .returning();
  return row ? toInvestment(row) : null;
}

/** Whether the user had an investment with this id (it is gone now). */
export async function deleteInvestment(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(investments)
    .where(and(eq(investments.id, id), eq(investments.userId, userId)))
    .returning({ id: investments.id });
  return rows.length > 0;
}
