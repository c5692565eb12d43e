import type { ArrivalKey, Declaration, StoredDeclaration } from "@pulsemanager/core";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { taxDeclarations, userSettings } from "../db/schema.ts";
import { type Tx, withUserLock } from "../db/user-lock.ts";

type Row = typeof taxDeclarations.$inferSelect;

/** One arrival as a text key: (chain, transaction, token, wallet). */
export function arrivalId(a: ArrivalKey): string {
  return `${a.chainId}:${a.txHash}:${a.token}:${a.wallet}`;
}

function toStored(r: Row): StoredDeclaration {
  const key = { chainId: r.chainId, txHash: r.txHash, token: r.token, wallet: r.wallet };
  const declaredAt = r.declaredAt.toISOString();
  const eur = r.eur ?? "0";
  const acquiredOn = r.acquiredOn ?? "";
  switch (r.kind) {
    case "cost":
      return { ...key, declaredAt, kind: "cost", eur, acquiredOn };
    case "own-transfer":
      return { ...key, declaredAt, kind: "own-transfer", from: r.fromLabel ?? "", eur, acquiredOn };
    case "sacrifice":
      return { ...key, declaredAt, kind: "sacrifice", given: r.givenLabel ?? "", eur, acquiredOn };
    case "income":
      return { ...key, declaredAt, kind: "income" };
    default:
      return { ...key, declaredAt, kind: "zero" };
  }
}

/** Every declaration of the user, in a fixed order (chain, transaction, token, wallet). */
export async function readDeclarations(db: Db | Tx, userId: string): Promise<StoredDeclaration[]> {
  const rows = await db
    .select()
    .from(taxDeclarations)
    .where(eq(taxDeclarations.userId, userId))
    .orderBy(
      asc(taxDeclarations.chainId),
      asc(taxDeclarations.txHash),
      asc(taxDeclarations.token),
      asc(taxDeclarations.wallet),
    );
  return rows.map(toStored);
}

/** The columns of one declaration (what a kind does not carry is null). */
function columnsOf(d: Declaration) {
  return {
    kind: d.kind,
    eur: "eur" in d ? d.eur : null,
    acquiredOn: "acquiredOn" in d ? d.acquiredOn : null,
    fromLabel: d.kind === "own-transfer" ? d.from : null,
    givenLabel: d.kind === "sacrifice" ? d.given : null,
  };
}

/**
 * The user's declarations changed: the version the reports compare with moves on (always later than
 * the one before, even within the same millisecond).
 */
async function bumpVersion(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .insert(userSettings)
    .values({ userId, declarationsChangedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        declarationsChangedAt: sql`greatest(${now.toISOString()}::timestamptz, ${userSettings.declarationsChangedAt} + interval '1 millisecond')`,
      },
    });
}

/**
 * Stores the declarations (a new answer for an arrival replaces the old one). Under the user's lock:
 * parallel saves of the same user run one after another, so none is lost and none fails.
 */
export async function upsertDeclarations(
  db: Db,
  userId: string,
  declarations: readonly Declaration[],
  now: Date,
): Promise<void> {
  // The same arrival twice in one request: the later answer counts.
  const byArrival = new Map(declarations.map((d) => [arrivalId(d), d]));
  const values = [...byArrival.values()].map((d) => ({
    userId,
    chainId: d.chainId,
    txHash: d.txHash,
    token: d.token,
    wallet: d.wallet,
    ...columnsOf(d),
    declaredAt: now,
    updatedAt: now,
  }));
  await withUserLock(db, userId, async (tx) => {
    await tx
      .insert(taxDeclarations)
      .values(values)
      .onConflictDoUpdate({
        target: [
          taxDeclarations.userId,
          taxDeclarations.chainId,
          taxDeclarations.txHash,
          taxDeclarations.token,
          taxDeclarations.wallet,
        ],
        set: {
          kind: sql`excluded.kind`,
          eur: sql`excluded.eur`,
          acquiredOn: sql`excluded.acquired_on`,
          fromLabel: sql`excluded.from_label`,
          givenLabel: sql`excluded.given_label`,
          declaredAt: sql`excluded.declared_at`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
    await bumpVersion(tx, userId, now);
  });
}

/** Takes the declarations of these arrivals back; how many there were. */
export async function deleteDeclarations(
  db: Db,
  userId: string,
  arrivals: readonly ArrivalKey[],
  now: Date,
): Promise<number> {
  return withUserLock(db, userId, async (tx) => {
    const wanted = new Set(arrivals.map(arrivalId));
    const candidates = await tx
      .select()
      .from(taxDeclarations)
      .where(
        and(
          eq(taxDeclarations.userId, userId),
          inArray(taxDeclarations.txHash, [...new Set(arrivals.map((a) => a.txHash))]),
        ),
      );
    const gone = candidates.filter((r) => wanted.has(arrivalId(r)));
    for (const r of gone)
      await tx
        .delete(taxDeclarations)
        .where(
          and(
            eq(taxDeclarations.userId, userId),
            eq(taxDeclarations.chainId, r.chainId),
            eq(taxDeclarations.txHash, r.txHash),
            eq(taxDeclarations.token, r.token),
            eq(taxDeclarations.wallet, r.wallet),
          ),
        );
    if (gone.length > 0) await bumpVersion(tx, userId, now);
    return gone.length;
  });
}
