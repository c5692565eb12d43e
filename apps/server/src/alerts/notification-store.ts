import { randomUUID } from "node:crypto";
import { type Alert, alertFactsSchema, NOTIFICATIONS_LISTED, type NotificationList } from "@pulsemanager/core";
import { and, count, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { notifications } from "../db/schema.ts";

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Stores the alerts a run found; an event already stored (the same key, by any run or worker) is
 * skipped by the unique index. Answers the rows that are new. `mail`: whether they wait for a mail.
 */
export async function storeAlerts(
  db: Db,
  userId: string,
  alerts: readonly Alert[],
  mail: (a: Alert) => boolean,
  now: Date,
) {
  if (alerts.length === 0) return [];
  const unique = [...new Map(alerts.map((a) => [a.key, a])).values()];
  return db
    .insert(notifications)
    .values(
      unique.map((a) => ({
        id: randomUUID(),
        userId,
        key: a.key,
        kind: a.facts.kind,
        facts: a.facts,
        mailState: mail(a) ? "pending" : "none",
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning();
}

/**
 * Takes the user's notifications that wait for a mail: only one run gets each (the update's
 * condition), so two workers never mail the same event.
 */
export async function claimForMail(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .update(notifications)
    .set({ mailState: "sent" })
    .where(and(eq(notifications.userId, userId), eq(notifications.mailState, "pending")))
    .returning();
}

/** A mail that could not be sent: its notifications wait for the next run. */
export async function releaseClaim(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ mailState: "pending" })
    .where(inArray(notifications.id, [...ids]));
}

export async function listNotifications(db: Db, userId: string): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LISTED);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    notifications: rows.flatMap((r) => {
      const facts = alertFactsSchema.safeParse(r.facts);
      if (!facts.success) return [];
      return [
        { id: r.id, createdAt: r.createdAt.toISOString(), readAt: r.readAt?.toISOString() ?? null, facts: facts.data },
      ];
    }),
    unread: unread?.n ?? 0,
  };
}

/** Marks the user's own notifications read (all when no ids are given); another user's ids change nothing. */
export async function markRead(db: Db, userId: string, ids: readonly string[] | undefined, now: Date): Promise<void> {
  if (ids !== undefined && ids.length === 0) return;
  const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(ids === undefined ? own : and(own, inArray(notifications.id, [...ids])));
}

/** Every notification of the user, oldest first (the account's data export). */
export async function exportNotifications(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
  return rows.map((r) => ({
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
    mailed: r.mailState === "sent",
    facts: r.facts,
  }));
}

/**
 * The watched tokens each user was told about since `since` ("userId:chainId:address"): a move or a
 * crossed level is still in the 24-hour change a day later, so a token is not reported again within 24 hours.
 */
export async function recentWatchlistTokens(db: Db, since: Date): Promise<Set<string>> {
  const rows = await db
    .select({ userId: notifications.userId, facts: notifications.facts })
    .from(notifications)
    .where(and(eq(notifications.kind, "watchlist"), gt(notifications.createdAt, since)));
  return new Set(
    rows.map((r) => {
      const f = r.facts as { chainId?: number; address?: string };
      return `${r.userId}:${f.chainId}:${f.address}`;
    }),
  );
}
