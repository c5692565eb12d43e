import { z } from "zod";
import { decimalInput } from "../numbers/decimal-input.ts";

/**
 * The alert kinds (docs/product/alerts.md). Each is switched on or off per user; a mail's unsubscribe
 * link turns off one kind, the mail's List-Unsubscribe header every alert mail ("mail").
 */
export const ALERT_KINDS = ["hexStake", "incomeWeekly", "incomeStopped", "watchlist", "taxFree", "freigrenze"] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

/** What an unsubscribe link turns off: one kind (mail and bell), or ("mail") every alert mail. */
export const UNSUBSCRIBE_SCOPES = [...ALERT_KINDS, "mail"] as const;
export const unsubscribeScopeSchema = z.enum(UNSUBSCRIBE_SCOPES);
export type UnsubscribeScope = z.infer<typeof unsubscribeScopeSchema>;

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const address = z.string().regex(/^0x[0-9a-f]{40}$/);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A positive threshold typed by the user ("100", "12,5"), read as an exact decimal. */
function threshold(max: number) {
  return decimalInput().refine((v) => Number(v) > 0 && Number(v) <= max, { message: "alerts.invalidThreshold" });
}

/** A watched token's price levels (USD): a mail when the price rises above or falls below one. */
export const watchLevelSchema = z.object({
  chainId: z.number().int().positive(),
  address,
  aboveUsd: threshold(1e15).nullable(),
  belowUsd: threshold(1e15).nullable(),
});
export type WatchLevel = z.infer<typeof watchLevelSchema>;

export const MAX_WATCH_LEVELS = 100;

/**
 * GET/PUT /api/notifications/settings. Every kind is on by default; `mail: false` keeps the
 * notifications in the app only. Thresholds are exact decimal strings.
 */
export const alertSettingsSchema = z.object({
  mail: z.boolean().default(true),
  hexStake: z.object({ enabled: z.boolean() }).default({ enabled: true }),
  incomeWeekly: z.object({ enabled: z.boolean() }).default({ enabled: true }),
  incomeStopped: z
    .object({ enabled: z.boolean(), days: z.number().int().min(7, "alerts.invalidDays").max(90, "alerts.invalidDays") })
    .default({ enabled: true, days: 14 }),
  watchlist: z
    .object({
      enabled: z.boolean(),
      movePercent: threshold(1000),
      levels: z.array(watchLevelSchema).max(MAX_WATCH_LEVELS),
    })
    .default({ enabled: true, movePercent: "20", levels: [] }),
  taxFree: z
    .object({ enabled: z.boolean(), minValueEur: threshold(1e12) })
    .default({ enabled: true, minValueEur: "100" }),
  freigrenze: z.object({ enabled: z.boolean() }).default({ enabled: true }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

// Pure: a bundle that does not use the defaults (the web's bell) drops this parse from its start.
export const DEFAULT_ALERT_SETTINGS: AlertSettings = /* @__PURE__ */ alertSettingsSchema.parse({});

/** HEX stake: days before the end day a reminder goes out, and days of the grace period left for the last one. */
export const HEX_STAKE_STEPS = ["week", "day", "end", "grace"] as const;

const incomeSourceWeekSchema = z.object({
  chainId: z.number().int(),
  source: z.string(),
  symbol: z.string(),
  eur: decimal,
  usd: decimal,
  previousEur: decimal,
  previousUsd: decimal,
});

/** The facts of one alert, by kind: what the mail and the notification say. */
export const alertFactsSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("hexStake"),
    step: z.enum(HEX_STAKE_STEPS),
    chainId: z.number().int(),
    wallet: address,
    stakeId: z.string(),
    principalHex: decimal,
    payoutHex: decimal,
    endDate: isoDay,
    graceEndDate: isoDay,
    daysLeft: z.number().int(),
  }),
  z.object({
    kind: z.literal("incomeWeekly"),
    weekStart: isoDay,
    weekEnd: isoDay,
    sources: z.array(incomeSourceWeekSchema),
    eur: decimal,
    usd: decimal,
    previousEur: decimal,
    previousUsd: decimal,
  }),
  z.object({
    kind: z.literal("incomeStopped"),
    chainId: z.number().int(),
    source: z.string(),
    symbol: z.string(),
    lastPayoutDate: isoDay,
    days: z.number().int(),
  }),
  z.object({
    kind: z.literal("watchlist"),
    chainId: z.number().int(),
    address,
    symbol: z.string(),
    priceUsd: decimal,
    reason: z.enum(["above", "below", "move"]),
    levelUsd: decimal.nullable(),
    changePercent: decimal.nullable(),
  }),
  z.object({
    kind: z.literal("taxFree"),
    date: isoDay,
    chainId: z.number().int().nullable(),
    symbol: z.string(),
    wallet: z.string(),
    amount: decimal,
    valueEur: decimal,
  }),
  z.object({
    kind: z.literal("freigrenze"),
    year: z.number().int(),
    incomeEur: decimal,
    freigrenzeEur: decimal,
    roomEur: decimal,
  }),
]);
export type AlertFacts = z.infer<typeof alertFactsSchema>;

/** One alert as a rule finds it: `key` names the event, so the same event is never sent twice. */
export interface Alert {
  key: string;
  facts: AlertFacts;
}

/** GET /api/notifications: the newest notifications, read or not. */
export const notificationSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  facts: alertFactsSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_LISTED = 20;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: the given notifications, or all when `ids` is left out. */
export const markReadRequestSchema = z.strictObject({ ids: z.array(z.string().uuid()).max(100).optional() });

/** POST /api/notifications/unsubscribe: the token of a mail's link. */
export const unsubscribeRequestSchema = z.strictObject({
  token: z.string().min(10).max(500),
  /** true: switch the kind back on (the page's "undo"). */
  undo: z.boolean().optional(),
});
export const unsubscribeResponseSchema = z.object({ scope: unsubscribeScopeSchema, resubscribed: z.boolean() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** POST /api/notifications/test: where the test mail went. */
export const testMailResponseSchema = z.object({ sentTo: z.string() });
export type TestMailResponse = z.infer<typeof testMailResponseSchema>;

/** POST /api/debug/alerts (owners): one run of a check now, as if at `at` (a date or an ISO time). */
export const alertRunRequestSchema = z.strictObject({
  scope: z.enum(["prices", "daily"]),
  at: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
export type AlertRunRequest = z.infer<typeof alertRunRequestSchema>;

export const alertRunResultSchema = z.object({
  users: z.number().int(),
  stored: z.number().int(),
  mails: z.number().int(),
  failures: z.number().int(),
});
export type AlertRunResult = z.infer<typeof alertRunResultSchema>;
