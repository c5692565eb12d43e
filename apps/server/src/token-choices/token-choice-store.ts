import type { PutTokenChoiceRequest, TokenChoice } from "@pulsemanager/core";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { tokenChoices } from "../db/schema.ts";

/** The user's choices on single tokens, by chain and address. */
export async function readTokenChoices(db: Db, userId: string): Promise<TokenChoice[]> {
  const rows = await db
    .select()
    .from(tokenChoices)
    .where(eq(tokenChoices.userId, userId))
    .orderBy(asc(tokenChoices.chainId), asc(tokenChoices.address));
  return rows.map((r) => ({ chainId: r.chainId, address: r.address, include: r.include }));
}

/** Stores a choice, or takes it back (include null). */
export async function writeTokenChoice(
  db: Db,
  userId: string,
  choice: PutTokenChoiceRequest,
  now: Date,
): Promise<void> {
  const { chainId, address, include } = choice;
  if (include === null) {
    await db
      .delete(tokenChoices)
      .where(
        and(eq(tokenChoices.userId, userId), eq(tokenChoices.chainId, chainId), eq(tokenChoices.address, address)),
      );
    return;
  }
  await db
    .insert(tokenChoices)
    .values({ userId, chainId, address, include, updatedAt: now })
    .onConflictDoUpdate({
      target: [tokenChoices.userId, tokenChoices.chainId, tokenChoices.address],
      set: { include, updatedAt: now },
    });
}
