/**
 * The simple event format (tools/tax-cli/README.md, "JSON input"): manual entries, the command line's JSON and
 * CSV input, and the worked cases. Amounts are whole tokens as decimal strings, EUR values decimal
 * strings, times ISO 8601 with an offset (or unix seconds).
 */
import { z } from "zod";
import { ARRIVAL_KINDS } from "./declarations-api.ts";
import { fractionDigits, parseFixed } from "./fixed.ts";
import type { AssetInfo, AssetInfoLookup, TaxEvent } from "./types.ts";

const AS_STRING = 'write it as a string ("12345678901234567890"): a JSON number loses digits';
const decimal = z
  .string({ error: (issue) => (typeof issue.input === "number" ? AS_STRING : "a decimal number as a string") })
  .trim()
  .regex(/^-?(?:\d+(?:\.\d*)?|\.\d+)$/, "a decimal number with a point, e.g. 1234.56");
const positive = decimal.refine((s) => /[1-9]/.test(s) && !s.startsWith("-"), "must be greater than 0");
const nonNegative = decimal.refine((s) => !s.startsWith("-") || !/[1-9]/.test(s), "must not be negative");

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** 2009-01-01T00:00:00Z: no crypto event can be older. */
export const EARLIEST_EVENT_SECONDS = 1_230_768_000;
/** Unix seconds have 10 digits for centuries; 12 and more are milliseconds (or microseconds). */
const MILLISECONDS_FROM = 100_000_000_000;

function unixSecondsProblem(seconds: number): string | undefined {
  if (seconds >= MILLISECONDS_FROM) return "looks like milliseconds: give unix seconds (10 digits) or ISO 8601";
  if (seconds < EARLIEST_EVENT_SECONDS) return "before 2009: this time cannot be right";
  return undefined;
}

const time = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .refine(
        (s) => /^\d+$/.test(s) || (ISO_WITH_OFFSET.test(s) && !Number.isNaN(Date.parse(s))),
        "ISO 8601 with an offset (2025-01-01T12:00:00+01:00) or unix seconds",
      ),
  ])
  .superRefine((t, ctx) => {
    const problem = unixSecondsProblem(simpleEventTime(t));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** The columns of the format as a CSV (command line input, manual entries in the web app), in order. */
export const SIMPLE_EVENT_COLUMNS = [
  "time",
  "wallet",
  "type",
  "asset",
  "amount",
  "eur",
  "feeEur",
  "toAsset",
  "toAmount",
  "toWallet",
  "id",
  "txHash",
  "note",
] as const;

export const SIMPLE_EVENT_TYPES = ["buy", "sell", "swap", "income", "transfer", "unknown-in", "unknown-out"] as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((s) => (s === "" ? undefined : s));

export const simpleEventSchema = z
  .object({
    time,
    wallet: z.string().trim().min(1),
    type: z.enum(SIMPLE_EVENT_TYPES),
    asset: z.string().trim().min(1),
    amount: positive,
    eur: nonNegative.optional(),
    feeEur: nonNegative.optional(),
    toAsset: optionalText,
    toAmount: positive.optional(),
    toWallet: optionalText,
    id: optionalText,
    txHash: optionalText,
    note: optionalText,
    /** unknown-in: how it arrived ("airdrop", "from-outside", ...; default "from-outside"). JSON only. */
    arrival: z.enum(ARRIVAL_KINDS).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.type === "swap" && (!e.toAsset || !e.toAmount))
      ctx.addIssue({ code: "custom", message: "a swap needs toAsset and toAmount", path: ["toAsset"] });
    if (e.type === "swap" && e.toAsset === e.asset)
      ctx.addIssue({ code: "custom", message: "a swap into the same asset is no swap", path: ["toAsset"] });
    if (e.type === "transfer" && !e.toWallet)
      ctx.addIssue({ code: "custom", message: "a transfer needs toWallet", path: ["toWallet"] });
    if (e.type === "transfer" && e.toWallet === e.wallet)
      ctx.addIssue({ code: "custom", message: "a transfer needs two different wallets", path: ["toWallet"] });
  });

export type SimpleEvent = z.input<typeof simpleEventSchema>;
export type ParsedSimpleEvent = z.output<typeof simpleEventSchema>;

export const simpleEventsInputSchema = z.object({ events: z.array(simpleEventSchema) });

/** Unix seconds of an event time. */
export function simpleEventTime(t: string | number): number {
  if (typeof t === "number") return t;
  if (/^\d+$/.test(t)) return Number(t);
  return Math.floor(Date.parse(t) / 1000);
}

export interface SimpleEventsResult {
  events: TaxEvent[];
  /** Decimals per asset: the most fractional digits any amount of it uses, at least 18. */
  assets: AssetInfoLookup;
}

export interface SimpleEventsOptions {
  /** Today: events after the end of next year are refused. */
  now?: Date;
  /** How a problem names the event (default "event 3"; a CSV names its line). */
  where?: (index: number) => string;
}

/** Validated simple events -> tax events (and the decimals their amounts need). */
export function simpleEventsToTaxEvents(
  input: readonly SimpleEvent[],
  options: SimpleEventsOptions = {},
): SimpleEventsResult {
  const where = options.where ?? ((i: number) => `event ${i + 1}`);
  const latestYear = options.now ? options.now.getUTCFullYear() + 1 : undefined;
  const parsed = input.map((e, i) => {
    const r = simpleEventSchema.safeParse(e);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new Error(`${where(i)}: ${issue?.path.join(".") || "event"}: ${issue?.message ?? "invalid"}`);
    }
    const year = new Date(simpleEventTime(r.data.time) * 1000).getUTCFullYear();
    if (latestYear !== undefined && year > latestYear)
      throw new Error(`${where(i)}: time: in ${year}, after next year: this time cannot be right`);
    return r.data;
  });
  const decimals = new Map<string, number>();
  const need = (asset: string, amount: string | undefined) => {
    if (amount === undefined) return;
    decimals.set(asset, Math.max(decimals.get(asset) ?? 18, fractionDigits(amount)));
  };
  for (const e of parsed) {
    need(e.asset, e.amount);
    if (e.toAsset) need(e.toAsset, e.toAmount);
  }
  const units = (asset: string, amount: string) => parseFixed(amount, decimals.get(asset) ?? 18);
  const events = parsed.map((e, i): TaxEvent => {
    const leg = { wallet: e.wallet, asset: e.asset, amount: units(e.asset, e.amount) };
    const base = {
      time: simpleEventTime(e.time),
      ...(e.eur !== undefined ? { eur: e.eur } : {}),
      ...(e.feeEur !== undefined ? { feeEur: e.feeEur } : {}),
      id: e.id ?? e.txHash ?? `event-${i + 1}`,
      ...(e.txHash ? { txHash: e.txHash } : {}),
      ...(e.note ? { note: e.note } : {}),
    };
    switch (e.type) {
      case "buy":
        return { ...base, kind: "buy", given: [], received: [leg] };
      case "sell":
        return { ...base, kind: "sell", given: [leg], received: [] };
      case "swap": {
        const toAsset = e.toAsset as string;
        const to = { wallet: e.toWallet ?? e.wallet, asset: toAsset, amount: units(toAsset, e.toAmount as string) };
        return { ...base, kind: "swap", given: [leg], received: [to] };
      }
      case "income":
        return { ...base, kind: "income", given: [], received: [leg] };
      case "transfer":
        return { ...base, kind: "transfer", given: [leg], received: [{ ...leg, wallet: e.toWallet as string }] };
      case "unknown-in":
        return {
          ...base,
          kind: "unknown-in",
          given: [],
          received: [leg],
          ...(e.arrival ? { arrival: e.arrival } : {}),
        };
      case "unknown-out":
        return { ...base, kind: "unknown-out", given: [leg], received: [] };
    }
    throw new Error(`unknown type ${String(e.type)}`);
  });
  const info = new Map<string, AssetInfo>();
  for (const [asset, d] of decimals) info.set(asset, { symbol: asset, decimals: d });
  return { events, assets: (asset) => info.get(asset) };
}
