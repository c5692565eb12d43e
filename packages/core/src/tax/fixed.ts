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

/** The number of digits after the decimal point of a plain decimal string ("1.50" -> 2). */
export function fractionDigits(text: string): number {
  const dot = text.indexOf(".");
  if (dot < 0) return 0;
  return text.length - dot - 1;
}

/**
 * A scaled bigint as a decimal string: exact with trailing zeros removed when `places` is omitted,
 * otherwise rounded half away from zero to exactly `places` digits.
 */
export function formatFixed(value: bigint, scale: number, places?: number): string {
  let v = value;
  let digits = scale;
  if (places !== undefined && places < scale) {
    v = divRound(v, pow10(scale - places));
    digits = places;
  }
  const negative = v < 0n;
  const s = (negative ? -v : v).toString();
  let out: string;
  if (digits === 0) out = s;
  else {
    const len = s.length;
    let int: string;
    let frac: string;
    if (len > digits) {
      int = s.slice(0, len - digits);
      frac = s.slice(len - digits);
    } else {
      int = "0";
      frac = len === digits ? s : "0".repeat(digits - len) + s;
    }
    if (places === undefined) {
      let e = frac.length;
      while (e > 0 && frac.charCodeAt(e - 1) === 48) e--;
      frac = frac.slice(0, e);
    }
    // join builds one flat string; concatenation would keep a tree of string parts alive.
    out = frac.length > 0 ? [int, ".", frac].join("") : int;
  }
  if (places !== undefined && places > digits)
    out = [out, digits === 0 ? "." : "", "0".repeat(places - digits)].join("");
  return negative ? ["-", out].join("") : out;
}

/** EUR (atto) as a string with 2 decimal places, rounded half away from zero ("1234.57"). */
export function eurCents(value: bigint): string {
  return formatFixed(value, EUR_SCALE, 2);
}

/** EUR (atto) exact ("100.5"). */
export function eurExact(value: bigint): string {
  return formatFixed(value, EUR_SCALE);
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
