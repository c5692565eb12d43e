// Reading untyped provider answers: numbers, addresses, hashes and times as our canonical values.

const UINT = /^\d+$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
/** An unsigned integer (decimal string or safe integer number) as a canonical decimal string. */
export function toUint(value: unknown): string | null {
  if (typeof value === "string") {
    const s = value.trim();
    return UINT.test(s) ? BigInt(s).toString() : null;
  }
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "bigint" && value >= 0n) return value.toString();
  return null;
}

/** A non-negative integer that fits a JS number (block numbers, timestamps, indices). */
export function toInt(value: unknown): number | null {
  const s = toUint(value);
  if (s === null) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

export function toAddress(value: unknown): `0x${string}` | null {
  return typeof value === "string" && ADDRESS.test(value.trim()) ? (value.trim().toLowerCase() as `0x${string}`) : null;
}

export function toTxHash(value: unknown): string | null {
  return typeof value === "string" && TX_HASH.test(value) ? value.toLowerCase() : null;
}

export function toText(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** ISO-8601 ("2024-12-28T20:18:10.000000Z", any fraction length, Z or offset; no zone = UTC) -> unix seconds. */
export function isoToUnix(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (zone && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
