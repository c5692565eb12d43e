import type { IncomeChoice, PutIncomeChoiceRequest } from "@pulsemanager/core";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { incomeChoices } from "../db/schema.ts";

export async function readIncomeChoices(db: Db, userId: string): Promise<IncomeChoice[]> {
  const rows = await db
    .select()
    .from(incomeChoices)
    .where(eq(incomeChoices.userId, userId))
    .orderBy(asc(incomeChoices.chainId), asc(incomeChoices.address));
  return rows.map((r) => ({ chainId: r.chainId, address: r.address, income: r.income }));
}

/** Stores a choice, or takes it back (income null). */
export async function writeIncomeChoice(
  db: Db,
  userId: string,
  choice: PutIncomeChoiceRequest,
  now: Date,
): Promise<void> {
  const { chainId, address, income } = choice;
  const mine = and(
    eq(incomeChoices.userId, userId),
    eq(incomeChoices.chainId, chainId),
    eq(incomeChoices.address, address),
  );
  if (income === null) {
    await db.delete(incomeChoices).where(mine);
    return;
  }
  await db
    .insert(incomeChoices)
    .values({ userId, chainId, address, income, updatedAt: now })
    .onConflictDoUpdate({
      target: [incomeChoices.userId, incomeChoices.chainId, incomeChoices.address],
      set: { income, updatedAt: now },
    });
}
