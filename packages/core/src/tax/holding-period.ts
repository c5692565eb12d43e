/**
 * German calendar dates and the one-year period of §23 EStG.
 *
 * Dates are "day numbers": days since 1970-01-01 of the calendar date in Germany (Europe/Berlin).
 * The Berlin offset comes from the EU summer-time rule (since 1996: last Sunday of March 01:00 UTC to
 * last Sunday of October 01:00 UTC), computed arithmetically because Intl is far too slow for a
 * million transfers; earlier instants fall back to Intl. Tests compare both.
 *
 * The period (§§187 (1), 188 (2), (3) BGB): acquired on day D, the year ends on the same calendar
 * date one year later (the anniversary), an acquisition on 29 February ends on 28 February. A disposal
 * on or before that date is inside the period (taxable); from the next day on it is tax-free.
 */

const DAY = 86_400;

/** Day number of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function dayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** [year, month (1-12), day] of a day number (civil_from_days). */
export function civilFromDay(dayNumber: number): [number, number, number] {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [m <= 2 ? era * 400 + yoe + 1 : era * 400 + yoe, m, d];
}

/** Start and end (unix s) of summer time in Germany for a year (EU rule). */
const dstCache = new Map<number, [number, number]>();
function summerTime(year: number): [number, number] {
  let r = dstCache.get(year);
  if (!r) {
    const march31 = dayFromCivil(year, 3, 31);
    const oct31 = dayFromCivil(year, 10, 31);
    // 1970-01-01 was a Thursday: (day + 4) % 7 is 0 on Sundays.
    const lastSundayMarch = march31 - ((((march31 + 4) % 7) + 7) % 7);
    const lastSundayOct = oct31 - ((((oct31 + 4) % 7) + 7) % 7);
    r = [lastSundayMarch * DAY + 3600, lastSundayOct * DAY + 3600];
    dstCache.set(year, r);
  }
  return r;
}

/** The German tax calendar's time zone: the day of an event, the year of a report. */
export const GERMAN_TIME_ZONE = "Europe/Berlin";

/** Made on first use (before 1996 only): building it loads time-zone data, which every page importing this module would pay. */
let berlinParts: Intl.DateTimeFormat | null = null;
function berlinFormat(): Intl.DateTimeFormat {
  berlinParts ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: GERMAN_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return berlinParts;
}

/** Earliest instant computed by the EU rule: 1996-01-01T00:00:00Z. */
const EU_RULE_FROM = 820_454_400;

// The summer time of the UTC day asked last (timestamps come in order: one computation per day).
let lastUtcDay = Number.NaN;
let summerStart = 0;
let summerEnd = 0;

/** The German calendar day (day number) of a unix timestamp in seconds. */
export function berlinDay(unixSeconds: number): number {
  if (unixSeconds < EU_RULE_FROM) {
    const p = Object.fromEntries(
      berlinFormat()
        .formatToParts(new Date(unixSeconds * 1000))
        .map((x) => [x.type, x.value]),
    ) as Record<string, string>;
    return dayFromCivil(Number(p.year), Number(p.month), Number(p.day));
  }
  const utcDay = Math.floor(unixSeconds / DAY);
  if (utcDay !== lastUtcDay) {
    // The UTC year is right except in the last hours of 31 December, which are winter time anyway.
    [summerStart, summerEnd] = summerTime(civilFromDay(utcDay)[0]);
    lastUtcDay = utcDay;
  }
  const start = summerStart;
  const end = summerEnd;
  const offset = unixSeconds >= start && unixSeconds < end ? 7200 : 3600;
  return Math.floor((unixSeconds + offset) / DAY);
}

/**
 * Per-day results of the days 1970-01-01 .. 2149-06-06 are cached in arrays indexed by the day number
 * (a report asks for the same few hundred days millions of times; an array read is cheaper than a map).
 */
const CACHED_DAYS = 65_536;
const cachedDay = (dayNumber: number): boolean =>
  dayNumber >= 0 && dayNumber < CACHED_DAYS && Number.isInteger(dayNumber);

const isoCache: (string | undefined)[] = new Array(CACHED_DAYS);
/** "YYYY-MM-DD" of a day number. */
export function isoDate(dayNumber: number): string {
  const cached = cachedDay(dayNumber);
  let s = cached ? isoCache[dayNumber] : undefined;
  if (s === undefined) {
    const [y, m, d] = civilFromDay(dayNumber);
    s = `${String(y).padStart(4, "0")}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
    if (cached) isoCache[dayNumber] = s;
  }
  return s;
}

/** Day number of "YYYY-MM-DD". */
export function dayOfIso(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const day = dayFromCivil(Number(m[1]), Number(m[2]), Number(m[3]));
  if (isoDate(day) !== date) throw new RangeError(`not a calendar date: ${date}`);
  return day;
}

/** The calendar year of a day number. */
export function yearOfDay(dayNumber: number): number {
  return civilFromDay(dayNumber)[0];
}

const endCache: (number | undefined)[] = new Array(CACHED_DAYS);
/**
 * The last day of the one-year period for an acquisition on `acquiredDay`: the same calendar date a
 * year later, 28 February for 29 February. A disposal on this day is still taxable.
 */
export function holdingPeriodEnd(acquiredDay: number): number {
  const cached = cachedDay(acquiredDay);
  let end = cached ? endCache[acquiredDay] : undefined;
  if (end === undefined) {
    const [y, m, d] = civilFromDay(acquiredDay);
    end = dayFromCivil(y + 1, m, m === 2 && d === 29 ? 28 : d);
    if (cached) endCache[acquiredDay] = end;
  }
  return end;
}

/** Whether a disposal on `disposedDay` of a lot acquired on `acquiredDay` is outside the one-year period. */
export function isTaxFree(acquiredDay: number, disposedDay: number): boolean {
  return disposedDay > holdingPeriodEnd(acquiredDay);
}

/** The German calendar date "YYYY-MM-DD" of a unix timestamp in seconds. */
export function berlinIsoDate(unixSeconds: number): string {
  return isoDate(berlinDay(unixSeconds));
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
/** "MM:SS.000Z" for each second of an hour: made on the first call of isoUtc, not when a page loads this module. */
let minuteSecond: string[] | null = null;
function minuteSecondTable(): string[] {
  minuteSecond ??= Array.from({ length: 3600 }, (_, i) => `${pad2(Math.floor(i / 60))}:${pad2(i % 60)}.000Z`);
  return minuteSecond;
}
/** Year 10000 in unix seconds: from there on toISOString writes extended years. */
const ISO_LIMIT = 253_402_300_800;
let lastHour = -1;
let lastHourText = "";

/**
 * ISO 8601 UTC of a unix timestamp in seconds, as `new Date(s * 1000).toISOString()` writes it, made of
 * "YYYY-MM-DDTHH:" (kept for the last hour asked: the engine asks in time order) and "MM:SS.000Z" from a
 * table. toISOString costs about a microsecond, and a report has a timestamp per row; the result is
 * a two-part string of shared pieces, cheaper to keep than a copy of its 24 characters.
 */
export function isoUtc(unixSeconds: number): string {
  if (!Number.isInteger(unixSeconds) || unixSeconds < 0 || unixSeconds >= ISO_LIMIT)
    return new Date(unixSeconds * 1000).toISOString();
  const hour = Math.floor(unixSeconds / 3600);
  if (hour !== lastHour) {
    const day = Math.floor(hour / 24);
    lastHourText = `${isoDate(day)}T${pad2(hour - day * 24)}:`;
    lastHour = hour;
  }
  return lastHourText + (minuteSecond ?? minuteSecondTable())[unixSeconds - hour * 3600];
}
