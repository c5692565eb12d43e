/**
 * Exact fixed-point arithmetic on bigint for the tax engine's hot path. Token amounts are bigint
 * base units (whole tokens x 10^decimals); EUR values are bigint "atto-euros" (EUR x 10^18). Rounding
 * happens only where a value is shown: half away from zero ("kaufmännisch"), so 0.005 -> 0.01 and
 * -0.005 -> -0.01.
 */

/** EUR values inside the engine carry 18 decimal places. */
export const EUR_SCALE = 18;
/** Prices (EUR per whole token) carry 36 decimal places, so tiny token prices keep their digits. */
export const PRICE_SCALE = 36;

const POW10: bigint[] = [1n];
/** 10^n as bigint (cached). */
export function pow10(n: number): bigint {
  if (n < 0) throw new RangeError(`negative exponent ${n}`);
  for (let i = POW10.length; i <= n; i++) POW10.push((POW10[i - 1] as bigint) * 10n);
  return POW10[n] as bigint;
}

/** n / d rounded half away from zero (d > 0). */
export function divRound(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError("divisor must be positive");
  const q = n / d;
  const r = n - q * d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

const HALF_POW10: bigint[] = [];
/** n / 10^k rounded half away from zero, with two bigint operations (this values and formats every amount). */
export function divRoundPow10(n: bigint, k: number): bigint {
  if (k === 0) return n;
  const d = pow10(k);
  let half = HALF_POW10[k];
  if (half === undefined) {
    half = d / 2n;
    HALF_POW10[k] = half;
  }
  // 10^k is even: adding half of it and truncating rounds the magnitude half up.
  return n >= 0n ? (n + half) / d : -((half - n) / d);
}

const PLAIN = /^([+-])?(\d*)(?:\.(\d*))?$/;
const SCI = /^([+-])?(\d*)(?:\.(\d*))?[eE]([+-]?\d+)$/;

/**
 * A decimal string ("12.5", "-0.001", ".5", "1e-7") as bigint scaled by 10^scale. More fractional
 * digits than `scale` are rounded half away from zero with `round: true`, otherwise refused.
 */
export function parseFixed(text: string, scale: number, round = false): bigint {
  const s = text.trim();
  let sign = "";
  let int: string;
  let frac: string;
  let m = PLAIN.exec(s);
  if (m) {
    sign = m[1] ?? "";
    int = m[2] ?? "";
    frac = m[3] ?? "";
  } else {
    m = SCI.exec(s);
    if (!m) throw new RangeError(`not a decimal number: "${text}"`);
    sign = m[1] ?? "";
    const digits = `${m[2] ?? ""}${m[3] ?? ""}`;
    const point = (m[2] ?? "").length + Number(m[4]);
    if (point <= 0) {
      int = "";
      frac = "0".repeat(-point) + digits;
    } else if (point >= digits.length) {
      int = digits + "0".repeat(point - digits.length);
      frac = "";
    } else {
      int = digits.slice(0, point);
      frac = digits.slice(point);
    }
  }
  if (int === "" && frac === "") throw new RangeError(`not a decimal number: "${text}"`);
  let value: bigint;
  if (frac.length <= scale) {
    value = BigInt((int || "0") + frac.padEnd(scale, "0"));
  } else {
    const extra = frac.slice(scale);
    if (!round && /[1-9]/.test(extra)) {
      throw new RangeError(`"${text}" has more than ${scale} decimal places`);
    }
    value = BigInt((int || "0") + frac.slice(0, scale));
    if (round && (extra.charCodeAt(0) ?? 48) >= 53) value += 1n;
  }
  return sign === "-" ? -value : value;
}

/** A non-negative decimal without sign or exponent, up to 36 places ("12.5", "0.001", "7"). */
const UNSIGNED_PLAIN = /^\d{1,40}(?:\.\d{0,36})?$/;
/** A quotient of at most 43 integer digits: decimal.js (80 significant digits) keeps over 36 decimals of it, so it rounds once. */
const BIGGEST_INTEGER_DIGITS = 43;

/**
 * `numerator / divisor` rounded half to even to `places` decimals (up to 36) and written with exactly
 * `places` of them: what decimal.js's `div(...).toFixed(places)` with core's `D` writes, with bigints,
 * ~5x faster (the report job converts every priced token-day). Undefined for inputs it does not take
 * (a sign, an exponent, more than 36 decimals, a zero divisor) or a quotient of more than 43 integer
 * digits, where `D` rounds to its 80 significant digits first; the caller then uses `D`. (`D` also
 * rounds twice where the quotient's 37th to 80th digits are 4999...9: there the last digit may differ.)
 */
export function divideFixedText(numerator: string, divisor: string, places: number): string | undefined {
  if (!UNSIGNED_PLAIN.test(numerator) || !UNSIGNED_PLAIN.test(divisor) || places > 36) return undefined;
  const n = BigInt(numerator.replace(".", "")) * pow10(places + fractionDigits(divisor));
  const d = BigInt(divisor.replace(".", "")) * pow10(fractionDigits(numerator));
  if (d === 0n) return undefined;
  let q = n / d;
  const twice = (n - q * d) * 2n;
  if (twice > d || (twice === d && (q & 1n) === 1n)) q += 1n;
  if (q >= pow10(BIGGEST_INTEGER_DIGITS + places)) return undefined;
  return formatFixed(q, places, places);
}

/** The number of digits after the decimal point of a plain decimal string ("1.50" -> 2). */
export function fractionDigits(text: string): number {
  const dot = text.indexOf(".");
  if (dot < 0) return 0;
  return text.length - dot - 1;
}

const ZEROS = "0".repeat(64);
/** "0" x n (n <= 64 comes from the constant; longer only for absurd scales). */
const zeros = (n: number): string => (n <= 64 ? ZEROS.slice(0, n) : "0".repeat(n));

/**
 * The decimal digits of `value` with a point before the last `digits` of them, trailing zeros (and a
 * bare point) removed when `trim`. One bigint-to-string conversion and one join: this runs for every
 * amount and EUR value of a report, so it avoids every other temporary (joined, not concatenated, so
 * the kept string is flat and not a tree of parts).
 */
function pointed(value: bigint, digits: number, trim: boolean): string {
  const s = value.toString();
  if (digits === 0) return s;
  const start = s.charCodeAt(0) === 45 ? 1 : 0; // after a "-"
  const point = s.length - digits; // where the fraction starts
  let end = s.length;
  if (trim) {
    const stop = point > start ? point : start;
    while (end > stop && s.charCodeAt(end - 1) === 48) end--;
  }
  if (end === start) return "0";
  if (point <= start) return joinThree(start === 1 ? "-0." : "0.", zeros(start - point), s.slice(start, end));
  return end > point ? joinThree(s.slice(0, point), ".", s.slice(point, end)) : s.slice(0, point);
}

/** Below this length V8 makes a concatenation one flat copy (ConsString::kMinLength); from it on, a tree of parts. */
const FLAT_CONCAT = 13;
const THREE = ["", "", ""];
/**
 * a + b + c as one flat string: short ones concatenated (each step a flat copy, cheaper than a join),
 * longer ones joined through a reused array (a literal would be one more allocation per number).
 */
function joinThree(a: string, b: string, c: string): string {
  if (a.length + b.length + c.length < FLAT_CONCAT) return a + b + c;
  THREE[0] = a;
  THREE[1] = b;
  THREE[2] = c;
  const out = THREE.join("");
  THREE[0] = THREE[2] = "";
  return out;
}

/**
 * A scaled bigint as a decimal string: exact with trailing zeros removed when `places` is omitted,
 * otherwise rounded half away from zero to exactly `places` digits.
 */
export function formatFixed(value: bigint, scale: number, places?: number): string {
  if (places === undefined) return pointed(value, scale, true);
  if (places < scale) return pointed(divRoundPow10(value, scale - places), places, false);
  return pointed(places > scale ? value * pow10(places - scale) : value, places, false);
}

const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
const CENTS_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const CENT = EUR_SCALE - 2;

/**
 * Texts of amounts below 1000 EUR, by cents + CACHED_CENTS: a report shows the same small values again
 * and again (fees, small trades), and a kept string is copied by the garbage collector; a shared one is not.
 */
const CACHED_CENTS = 100_000;
const centsCache: (string | undefined)[] = new Array(2 * CACHED_CENTS + 1);

/** EUR (atto) as a string with 2 decimal places, rounded half away from zero ("1234.57"). */
export function eurCents(value: bigint): string {
  return centsEur(divRoundPow10(value, CENT));
}

/** Whole cents as EUR with 2 decimal places ("-1234.56"; the texts of small amounts shared). */
export function centsEur(cents: bigint): string {
  if (cents === 0n) return "0.00";
  if (cents > MAX_SAFE || cents < -MAX_SAFE) return pointed(cents, 2, false);
  // A safe integer is exact as a number: integer arithmetic only, no fractions.
  const n = Number(cents);
  const cached = n > -CACHED_CENTS && n < CACHED_CENTS;
  let text = cached ? centsCache[n + CACHED_CENTS] : undefined;
  if (text === undefined) {
    text = centsText(n);
    if (cached) centsCache[n + CACHED_CENTS] = text;
  }
  return text;
}

/** A safe integer number of cents as "-1234.56". */
function centsText(n: number): string {
  const abs = n < 0 ? -n : n;
  const c = abs % 100;
  const euros = (abs - c) / 100;
  // Below 13 characters V8 copies a concatenation into one flat string; longer ones are joined.
  if (euros < 100_000_000) return `${n < 0 ? "-" : ""}${euros}.${CENTS_DIGITS[c]}`;
  return [n < 0 ? "-" : "", euros, ".", CENTS_DIGITS[c] as string].join("");
}

/** EUR (atto) exact ("100.5"). */
export function eurExact(value: bigint): string {
  return pointed(value, EUR_SCALE, true);
}

/**
 * A decimal string ("1234.5678915", as formatFixed writes it) rounded half away from zero to at most
 * `places` decimals, trailing zeros removed, with a decimal comma: "1234,567892". From the exact text
 * a row has anyway (no second bigint conversion). Concatenated, not joined: it is a piece of a
 * description, whose join makes the flat string.
 */
export function germanRounded(text: string, places: number): string {
  const dot = text.indexOf(".");
  if (dot < 0) return text;
  const cut = dot + 1 + places; // the first digit that is dropped
  if (cut >= text.length) return `${text.slice(0, dot)},${text.slice(dot + 1)}`;
  if (text.charCodeAt(cut) < 53) {
    let end = cut;
    while (end > dot + 1 && text.charCodeAt(end - 1) === 48) end--;
    return end > dot + 1 ? `${text.slice(0, dot)},${text.slice(dot + 1, end)}` : text.slice(0, dot);
  }
  // Round up: add one at the last digit that is not a 9; the 9s after it become zeros, which are
  // dropped in the fraction and kept in the integer part.
  let j = cut - 1;
  while (j >= 0 && (text.charCodeAt(j) === 57 || j === dot)) j--;
  const c = j >= 0 ? text.charCodeAt(j) : 0;
  if (c < 48 || c > 56) return `${text.slice(0, j + 1)}1${zeros(dot - j - 1)}`; // all 9s: 999.9999995 -> 1000
  const up = DIGITS[c - 47] as string;
  if (j > dot) return `${text.slice(0, dot)},${text.slice(dot + 1, j)}${up}`;
  return `${text.slice(0, j)}${up}${zeros(dot - j - 1)}`;
}

/** A decimal EUR string as atto-euros (more than 18 decimals are rounded). */
export function parseEur(text: string): bigint {
  return parseFixed(text, EUR_SCALE, true);
}

/**
 * Splits `total` over `weights` in proportion, exactly: every share is floor-divided and the last
 * non-zero weight takes the remainder, so the shares always add up to `total`.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  let sum = 0n;
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as bigint;
    sum += w;
    if (w !== 0n) last = i;
  }
  const out = new Array<bigint>(weights.length).fill(0n);
  if (last < 0) {
    if (weights.length > 0) out[weights.length - 1] = total;
    return out;
  }
  let given = 0n;
  for (let i = 0; i < weights.length; i++) {
    if (i === last) {
      out[i] = total - given;
      break;
    }
    const share = (total * (weights[i] as bigint)) / sum;
    out[i] = share;
    given += share;
  }
  return out;
}
