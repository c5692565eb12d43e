import { D, type Freshness } from "@pulsemanager/core";
import { formatDateTime, formatPercent, formatPrice, formatUsd } from "../../lib/format-number.ts";

/** A figure the source does not know shows as "–", never as 0. */
export const MISSING = "–";

export function usdOrDash(value: string | null, language: string): string {
  return value === null ? MISSING : formatUsd(value, language);
}

export function priceOrDash(value: string | null, language: string): string {
  return value === null ? MISSING : formatPrice(value, language);
}

/** A change in percent with its sign (+3,42 % / −1,20 %), "–" without one. */
export function changeOrDash(value: string | null, language: string): string {
  if (value === null) return MISSING;
  const text = formatPercent(value, language);
  return new D(value).gt(0) ? `+${text}` : text;
}

/** "up", "down" or "flat" for the colour of a change (the sign says it too). */
export function changeDirection(value: string | null): "up" | "down" | "flat" {
  if (value === null) return "flat";
  const d = new D(value);
  return d.gt(0) ? "up" : d.lt(0) ? "down" : "flat";
}

/** Key in the "market" namespace, with its values. */
export interface StaleLabel {
  key: "stale" | "unavailable";
  values: { time?: string };
}

/** "Stand: <time>, wird aktualisiert" when the answer is stale; nothing for a fresh one. */
export function staleLabel(
  freshness: Pick<Freshness, "stale" | "asOf" | "unavailable">,
  language: string,
): StaleLabel | null {
  if (freshness.unavailable) return { key: "unavailable", values: {} };
  if (!freshness.stale) return null;
  return { key: "stale", values: { time: formatDateTime(freshness.asOf, language) } };
}
