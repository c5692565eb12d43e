import {
  ALERT_KINDS,
  type AlertKind,
  type AlertSettings,
  alertSettingsSchema,
  DECIMAL_INPUT_CODES,
  type NumberLocale,
  parseDecimalInput,
  type WatchLevel,
} from "@pulsemanager/core";
import type { AlertSettingsInput } from "./notifications-api.ts";

/**
 * The alerts' settings as the form holds them: switches, and thresholds as the user typed them in his
 * number format ("12,5" in German). Sent back as the whole settings object with exact decimal strings.
 */
export interface SettingsDraft {
  mail: boolean;
  enabled: Record<AlertKind, boolean>;
  days: string;
  movePercent: string;
  minValueEur: string;
  /** Per watched token (levelKey): the typed levels, "" for none. */
  levels: Record<string, { above: string; below: string }>;
}

/** A token on the user's watchlist, as the price levels need it. */
export interface WatchedToken {
  chainId: number;
  address: string;
  symbol: string;
}

/** The form's fields, named like the server's error paths; the levels by token. */
export const FIELD = {
  days: "incomeStopped.days",
  movePercent: "watchlist.movePercent",
  minValueEur: "taxFree.minValueEur",
} as const;

export function levelKey(token: { chainId: number; address: string }): string {
  return `${token.chainId}:${token.address.toLowerCase()}`;
}

export function levelField(key: string, side: "above" | "below"): string {
  return `levels.${key}.${side}Usd`;
}

/** An exact decimal ("12.5") as the user writes it ("12,5" in German). No grouping: it reads back as typed. */
export function decimalForInput(value: string, locale: NumberLocale): string {
  return locale === "de" ? value.replace(".", ",") : value;
}

export function draftOf(settings: AlertSettings, locale: NumberLocale): SettingsDraft {
  const enabled = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, settings[kind].enabled])) as Record<
    AlertKind,
    boolean
  >;
  const levels: SettingsDraft["levels"] = {};
  for (const level of settings.watchlist.levels) {
    levels[levelKey(level)] = {
      above: level.aboveUsd === null ? "" : decimalForInput(level.aboveUsd, locale),
      below: level.belowUsd === null ? "" : decimalForInput(level.belowUsd, locale),
    };
  }
  return {
    mail: settings.mail,
    enabled,
    days: String(settings.incomeStopped.days),
    movePercent: decimalForInput(settings.watchlist.movePercent, locale),
    minValueEur: decimalForInput(settings.taxFree.minValueEur, locale),
    levels,
  };
}

/** Field errors: field -> message key ("NUMBER_INVALID", "alerts.invalidThreshold", ...). */
export type FieldErrors = Record<string, string>;

export type DraftResult = { ok: true; body: AlertSettingsInput } | { ok: false; errors: FieldErrors };

/** The user's typed number as an exact decimal; an empty optional field is null. */
function readDecimal(
  text: string,
  locale: NumberLocale,
  field: string,
  errors: FieldErrors,
  optional: boolean,
): string | null {
  if (optional && text.trim() === "") return null;
  const read = parseDecimalInput(text, locale);
  if (read.ok) return read.value;
  errors[field] = DECIMAL_INPUT_CODES[read.problem];
  return null;
}

/**
 * The request body of a draft: the whole settings object. `watched` is the user's watchlist (null when it
 * could not be read: the stored levels are then sent unchanged). Levels of tokens no longer watched stay
 * as stored. Checked with the server's own schema first, so its rules show at the field before sending.
 */
export function requestOf(
  draft: SettingsDraft,
  stored: AlertSettings,
  watched: readonly WatchedToken[] | null,
  locale: NumberLocale,
): DraftResult & { levelOrder: string[] } {
  const errors: FieldErrors = {};
  const days = /^\s*\d{1,3}\s*$/.test(draft.days) ? Number(draft.days.trim()) : null;
  if (days === null) errors[FIELD.days] = "alerts.invalidDays";
  const movePercent = readDecimal(draft.movePercent, locale, FIELD.movePercent, errors, false);
  const minValueEur = readDecimal(draft.minValueEur, locale, FIELD.minValueEur, errors, false);

  const levels: WatchLevel[] = [];
  if (watched === null) {
    levels.push(...stored.watchlist.levels);
  } else {
    const watchedKeys = new Set(watched.map(levelKey));
    for (const token of watched) {
      const key = levelKey(token);
      const typed = draft.levels[key] ?? { above: "", below: "" };
      const aboveUsd = readDecimal(typed.above, locale, levelField(key, "above"), errors, true);
      const belowUsd = readDecimal(typed.below, locale, levelField(key, "below"), errors, true);
      if (aboveUsd !== null || belowUsd !== null) {
        levels.push({ chainId: token.chainId, address: token.address.toLowerCase(), aboveUsd, belowUsd });
      }
    }
    levels.push(...stored.watchlist.levels.filter((level) => !watchedKeys.has(levelKey(level))));
  }
  const levelOrder = levels.map(levelKey);

  const body: AlertSettingsInput = {
    mail: draft.mail,
    hexStake: { enabled: draft.enabled.hexStake },
    incomeWeekly: { enabled: draft.enabled.incomeWeekly },
    incomeStopped: { enabled: draft.enabled.incomeStopped, days: days ?? stored.incomeStopped.days },
    watchlist: {
      enabled: draft.enabled.watchlist,
      movePercent: movePercent ?? stored.watchlist.movePercent,
      levels,
    },
    taxFree: { enabled: draft.enabled.taxFree, minValueEur: minValueEur ?? stored.taxFree.minValueEur },
    freigrenze: { enabled: draft.enabled.freigrenze },
  };
  // The server's rules (ranges, the number of levels) on what would be sent.
  const checked = alertSettingsSchema.safeParse(body);
  if (!checked.success) {
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) fields[issue.path.join(".")] ??= issue.message;
    for (const [field, message] of Object.entries(fieldErrorsOf(fields, levelOrder))) errors[field] ??= message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, levelOrder };
  return { ok: true, body, levelOrder };
}

/**
 * The server's `error.fields` ("watchlist.levels.0.aboveUsd": "alerts.invalidThreshold") as the form's
 * fields; a level's index is read through the order its levels were sent in.
 */
export function fieldErrorsOf(fields: Readonly<Record<string, string>>, levelOrder: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const level = /^watchlist\.levels\.(\d+)\.(aboveUsd|belowUsd)$/.exec(path);
    const key = level ? levelOrder[Number(level[1])] : undefined;
    const field = level && key ? levelField(key, level[2] === "aboveUsd" ? "above" : "below") : path;
    out[field] ??= message;
  }
  return out;
}

/** The catalogue key of an error message key: the NUMBER_* codes are common's, the rest ours. */
export function errorTextKey(message: string): string {
  if (message.startsWith("NUMBER_")) return `common:apiErrors.${message}`;
  if (message === "alerts.invalidThreshold") return "notifications:errors.invalidThreshold";
  if (message === "alerts.invalidDays") return "notifications:errors.invalidDays";
  return "notifications:errors.invalid";
}
