import {
  type Alert,
  type AlertRunResult,
  type AlertSettings,
  berlinDateOf,
  type DisplayLanguage,
  watchlistAlerts,
} from "@pulsemanager/core";
import { and, eq, inArray } from "drizzle-orm";
import type { ChainServices } from "../chain/services.ts";
import type { Db } from "../db/client.ts";
import { user, userSettings, wallets, watchlist } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { MarketService } from "../market/market-service.ts";
import { type AlertMailLinks, alertMail } from "./alert-mail.ts";
import { alertSettingsOf } from "./alert-settings-store.ts";
import { incomeAlertsFor, stakeAlertsFor, taxAlertsFor } from "./alert-sources.ts";
import { claimForMail, recentWatchlistTokens, releaseClaim, storeAlerts } from "./notification-store.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

export interface AlertRunDeps {
  db: Db;
  chain: ChainServices;
  logger: Logger;
  mailer: Mailer;
  market: Pick<MarketService, "rows">;
  /** The moment the run checks for (what is due then); the owner's run may set another. */
  now: () => Date;
  /** The real clock: when a notification is made and from when its mail's links are valid. */
  clock: () => Date;
  appUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
  /** Whether the user's plan includes the ROI tracker and tax planning (income and tax alerts read them). */
  hasFullAccess: (userId: string) => Promise<boolean>;
}

/** "prices": the watchlist, every 15 minutes; "daily": stakes, income and tax dates. */
export type AlertRunScope = "prices" | "daily";

interface Recipient {
  id: string;
  email: string;
  lang: DisplayLanguage;
}

/** Users with a confirmed address among the ids, with their mail language (German unless English is chosen). */
async function recipients(db: Db, ids: readonly string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: user.id, email: user.email, language: userSettings.language })
    .from(user)
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(and(inArray(user.id, [...ids]), eq(user.emailVerified, true)));
  return rows.map((r) => ({ id: r.id, email: r.email, lang: mailLanguage(r.language) }));
}

/** The language of a user's alert mails: the account's, German unless it is English. */
export function mailLanguage(stored: string | null | undefined): DisplayLanguage {
  return stored === "en" ? "en" : "de";
}

export function mailLinks(deps: Pick<AlertRunDeps, "appUrl" | "secret">, userId: string, now: Date): AlertMailLinks {
  const token = (scope: Parameters<AlertMailLinks["unsubscribe"]>[0]) =>
    unsubscribeToken(deps.secret, userId, scope, now);
  return {
    appUrl: deps.appUrl,
    unsubscribe: (scope) => `${deps.appUrl}/unsubscribe?token=${token(scope)}`,
    oneClick: `${deps.appUrl}/api/notifications/unsubscribe?token=${token("mail")}`,
  };
}

/**
 * Stores what was found for a user and mails what no other run has mailed: one mail per user and run
 * with every pending alert. A failed mail leaves them pending for the next run.
 */
async function deliver(deps: AlertRunDeps, who: Recipient, settings: AlertSettings, alerts: Alert[]) {
  const now = deps.clock();
  const stored = (await storeAlerts(deps.db, who.id, alerts, () => settings.mail, now)).length;
  const claimed = await claimForMail(deps.db, who.id);
  if (claimed.length === 0) return { stored, mails: 0, failed: false };
  const facts = claimed
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((r) => r.facts as Alert["facts"]);
  try {
    await deps.mailer.send(alertMail(who.email, facts, who.lang, mailLinks(deps, who.id, now)));
    return { stored, mails: 1, failed: false };
  } catch (err) {
    deps.logger.warn({ err, userId: who.id }, "alert mail not sent (kept for the next run)");
    await releaseClaim(
      deps.db,
      claimed.map((r) => r.id),
    );
    return { stored, mails: 0, failed: true };
  }
}

/**
 * The watchlist check: one read of the market for every watched token of every user, then each user's
 * rule; a token the user heard about in the last 24 hours is left out (its move is still in the change).
 */
async function priceRun(deps: AlertRunDeps, only: string | undefined): Promise<Map<string, Alert[]>> {
  const watched = (await deps.db.select().from(watchlist)).filter((w) => only === undefined || w.userId === only);
  const settings = await alertSettingsOf(deps.db, [...new Set(watched.map((w) => w.userId))]);
  const wanted = watched.filter((w) => settings.get(w.userId)?.watchlist.enabled);
  // Each token read once, however many users watch it.
  const unique = [...new Map(wanted.map((w) => [`${w.chainId}:${w.address}`, w])).values()];
  const { tokens } = await deps.market.rows(unique);
  const byToken = new Map(tokens.map((t) => [`${t.chainId}:${t.address}`, t]));
  const told = await recentWatchlistTokens(deps.db, new Date(deps.clock().getTime() - 86_400_000));
  const day = berlinDateOf(Math.floor(deps.now().getTime() / 1000));
  const byUser = new Map<string, typeof wanted>();
  for (const w of wanted) {
    const list = byUser.get(w.userId);
    if (list) list.push(w);
    else byUser.set(w.userId, [w]);
  }
  const out = new Map<string, Alert[]>();
  for (const [userId, entries] of byUser) {
    const s = settings.get(userId) as AlertSettings;
    const mine = entries
      .filter((w) => !told.has(`${userId}:${w.chainId}:${w.address}`))
      .flatMap((w) => byToken.get(`${w.chainId}:${w.address}`) ?? []);
    out.set(userId, watchlistAlerts(mine, s.watchlist.levels, s.watchlist.movePercent, day));
  }
  return out;
}

/** The daily kinds for one user; a kind whose data could not be read is logged and left to the next run. */
async function dailyAlertsOf(
  deps: AlertRunDeps,
  userId: string,
  s: AlertSettings,
): Promise<{ alerts: Alert[]; failures: number }> {
  const addresses = (
    await deps.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.userId, userId), eq(wallets.isActive, true)))
  ).map((w) => w.address.toLowerCase());
  const premium = await deps.hasFullAccess(userId);
  const jobs: [string, boolean, () => Promise<Alert[]>][] = [
    ["hexStake", s.hexStake.enabled, () => stakeAlertsFor(deps.chain, [...new Set(addresses)], deps.now())],
    ["income", premium && (s.incomeWeekly.enabled || s.incomeStopped.enabled), () => incomeAlertsFor(deps, userId, s)],
    ["tax", premium && (s.taxFree.enabled || s.freigrenze.enabled), () => taxAlertsFor(deps, userId, s)],
  ];
  const alerts: Alert[] = [];
  let failures = 0;
  for (const [name, on, collect] of jobs) {
    if (!on) continue;
    try {
      alerts.push(...(await collect()));
    } catch (err) {
      failures++;
      deps.logger.warn({ err, userId, kind: name }, "alert check could not read its data");
    }
  }
  return { alerts, failures };
}

async function dailyRun(
  deps: AlertRunDeps,
  only: string | undefined,
): Promise<{ found: Map<string, Alert[]>; failures: number }> {
  const owners = (
    await deps.db.selectDistinct({ userId: wallets.userId }).from(wallets).where(eq(wallets.isActive, true))
  ).filter((o) => only === undefined || o.userId === only);
  const settings = await alertSettingsOf(
    deps.db,
    owners.map((o) => o.userId),
  );
  const found = new Map<string, Alert[]>();
  let failures = 0;
  // One user after the other: the histories' reads stay within the explorers' limits.
  for (const [userId, s] of settings) {
    const got = await dailyAlertsOf(deps, userId, s);
    found.set(userId, got.alerts);
    failures += got.failures;
  }
  return { found, failures };
}

/**
 * One run of the alert checks (the schedules' jobs; the owner's "run now" with a clock of its own, for
 * the owner's own account only): finds each user's alerts, stores each event once and sends one mail
 * per user with what is new.
 */
export async function runAlerts(
  deps: AlertRunDeps,
  scope: AlertRunScope,
  options: { onlyUser?: string } = {},
): Promise<AlertRunResult> {
  const only = options.onlyUser;
  const { found, failures } =
    scope === "prices" ? { found: await priceRun(deps, only), failures: 0 } : await dailyRun(deps, only);
  const result: AlertRunResult = { users: 0, stored: 0, mails: 0, failures };
  const settings = await alertSettingsOf(deps.db, [...found.keys()]);
  for (const who of await recipients(deps.db, [...found.keys()])) {
    result.users++;
    const sent = await deliver(deps, who, settings.get(who.id) as AlertSettings, found.get(who.id) ?? []);
    result.stored += sent.stored;
    result.mails += sent.mails;
    if (sent.failed) result.failures++;
  }
  if (result.stored > 0) deps.logger.info({ scope, ...result }, "alerts sent");
  return result;
}
