import { DateTime } from "luxon";

/**
 * The times of exchange exports as ISO 8601 (imported-row.ts): UTC where the file says so, with the
 * offset a zone had on that day where the file names the zone (Bitvavo's Europe/Amsterdam, summer and
 * winter time), as written without a zone where the file gives neither. Undefined for a time that is
 * not one (the line is refused, never guessed).
 */

const PLAIN = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/;
const GERMAN = /^(\d{2})\.(\d{2})\.(\d{4})[ ,]+(\d{2}):(\d{2})(?::(\d{2}))?$/;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsOf(text: string): Parts | undefined {
  const t = text.trim();
  const plain = t.match(PLAIN);
  if (plain) return toParts(plain[1], plain[2], plain[3], plain[4], plain[5], plain[6]);
  const german = t.match(GERMAN);
  if (german) return toParts(german[3], german[2], german[1], german[4], german[5], german[6]);
  return undefined;
}

type Cell = string | undefined;

function toParts(year: Cell, month: Cell, day: Cell, hour: Cell, minute: Cell, second: Cell): Parts {
  return {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
  };
}

function valid(p: Parts, zone: string): DateTime | undefined {
  const dt = DateTime.fromObject(p, { zone });
  return dt.isValid && dt.month === p.month && dt.day === p.day ? dt : undefined;
}

/**
 * The parts as a UTC wall time "YYYY-MM-DDTHH:MM:SS", or undefined for a date that does not exist
 * (30 February). Without luxon: an export has a time on every line, and this is the common case.
 */
function wallTime(p: Parts | undefined): string | undefined {
  if (!p || p.hour > 23 || p.minute > 59 || p.second > 59) return undefined;
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
  if (d.getUTCFullYear() !== p.year || d.getUTCMonth() !== p.month - 1 || d.getUTCDate() !== p.day) return undefined;
  return d.toISOString().slice(0, 19);
}

/** `2020-10-28 22:03:03` (or `28.10.2020 22:03:03`) read as UTC -> `2020-10-28T22:03:03Z`. */
export function utcTime(text: string): string | undefined {
  const wall = wallTime(partsOf(text.replace(/\s*UTC$/i, "")));
  return wall === undefined ? undefined : `${wall}Z`;
}

/** A local time in a named zone -> the moment in UTC (`2023-07-01 12:00:00`, Europe/Amsterdam -> `…T10:00:00Z`). */
export function zonedTime(text: string, zone: string): string | undefined {
  // An IANA zone only: "local" or "system" would mean the server's zone.
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(zone) && zone !== "UTC") return undefined;
  const p = partsOf(text);
  const dt = p && valid(p, zone);
  return dt ? `${dt.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z` : undefined;
}

/** A local time of a zone the file does not name, kept as written: `2023-01-06T20:08:00`. */
export function unzonedTime(text: string): string | undefined {
  return wallTime(partsOf(text));
}

/** ISO 8601 with an offset (`2022-07-02T08:53:13+02:00`) -> the moment in UTC. */
export function offsetTime(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:?\d{2}|Z)$/.test(text.trim())) return undefined;
  const dt = DateTime.fromISO(text.trim(), { setZone: true });
  return dt.isValid ? `${dt.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z` : undefined;
}
