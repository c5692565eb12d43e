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

export const SIMPLE_EVENT_TYPES = [
  "buy",
  "sell",
  "swap",
  "income",
  "transfer",
  "unknown-in",
  "unknown-out",
  "fork-copy",
  "bridge",
] as const;

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
    /** Every type but fork-copy (which copies every open lot). */
    amount: positive.optional(),
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
    if (e.type === "fork-copy") return forkCopyProblems(e, ctx);
    if (e.amount === undefined) ctx.addIssue({ code: "custom", message: "an amount is needed", path: ["amount"] });
    if (e.type === "bridge") return bridgeProblems(e, ctx);
    if (e.type === "swap" && (!e.toAsset || !e.toAmount))
      ctx.addIssue({ code: "custom", message: "a swap needs toAsset and toAmount", path: ["toAsset"] });
    if (e.type === "swap" && e.toAsset === e.asset)
      ctx.addIssue({ code: "custom", message: "a swap into the same asset is no swap", path: ["toAsset"] });
    if (e.type === "transfer" && !e.toWallet)
      ctx.addIssue({ code: "custom", message: "a transfer needs toWallet", path: ["toWallet"] });
    if (e.type === "transfer" && e.toWallet === e.wallet)
      ctx.addIssue({ code: "custom", message: "a transfer needs two different wallets", path: ["toWallet"] });
  });

type RefineContext = { addIssue: (issue: { code: "custom"; message: string; path: string[] }) => void };
interface Checked {
  wallet: string;
  asset: string;
  amount?: string;
  eur?: string;
  feeEur?: string;
  toAsset?: string;
  toAmount?: string;
  toWallet?: string;
}

/** fork-copy: the open lots of asset in wallet as toAsset in toWallet (default: the same wallet); no amount, no EUR. */
function forkCopyProblems(e: Checked, ctx: RefineContext): void {
  const problem = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
  if (e.amount !== undefined) problem("a fork-copy copies every open lot of the asset: leave amount empty", "amount");
  if (e.toAmount !== undefined)
    problem("a fork-copy copies every open lot of the asset: leave toAmount empty", "toAmount");
  if (e.eur !== undefined || e.feeEur !== undefined)
    problem(
      "a fork-copy has no EUR value: the copies' cost follows --fork-cost",
      e.eur !== undefined ? "eur" : "feeEur",
    );
  if (!e.toAsset) problem("a fork-copy needs toAsset (the copy, e.g. 369:native for 1:native)", "toAsset");
  else if (e.toAsset === e.asset && (e.toWallet ?? e.wallet) === e.wallet)
    problem("a fork-copy needs toAsset or toWallet to differ from asset and wallet", "toAsset");
}

/** bridge: a transfer whose toAsset (default asset) and toWallet (default wallet) may differ; one of them must. */
function bridgeProblems(e: Checked, ctx: RefineContext): void {
  if ((e.toAsset ?? e.asset) === e.asset && (e.toWallet ?? e.wallet) === e.wallet)
    ctx.addIssue({
      code: "custom",
      message: "a bridge needs toAsset (the token on the other chain) or toWallet to differ",
      path: ["toAsset"],
    });
}

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
  /**
   * The decimals of assets known elsewhere (a chain token of the user's history): their amounts are
   * read with these, so a manual entry and the chain's records count the same units; such an asset is
   * not in `assets` (its facts come from the chain).
   */
  knownDecimals?: (asset: string) => number | undefined;
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
  const known = options.knownDecimals ?? (() => undefined);
  const decimals = decimalsOf(parsed, known);
  const units = (asset: string, amount: string) => {
    const d = decimals.get(asset) ?? 18;
    if (fractionDigits(amount) > d) throw new Error(`${asset}: ${amount} has more decimals than the token (${d})`);
    return parseFixed(amount, d);
  };
  const events = parsed.map((e, i) => {
    try {
      return taxEventOf(e, i, units);
    } catch (err) {
      throw new Error(`${where(i)}: ${(err as Error).message}`);
    }
  });
  const info = new Map<string, AssetInfo>();
  for (const [asset, d] of decimals) if (known(asset) === undefined) info.set(asset, { symbol: asset, decimals: d });
  return { events, assets: (asset) => info.get(asset) };
}

/**
 * Decimals per asset: a known asset's own, else the most fractional digits any amount of it uses, at
 * least 18 (a copy's as its original's).
 */
function decimalsOf(
  parsed: readonly ParsedSimpleEvent[],
  known: (asset: string) => number | undefined,
): Map<string, number> {
  const decimals = new Map<string, number>();
  const need = (asset: string, amount: string | undefined) => {
    if (amount === undefined) return;
    const own = known(asset);
    decimals.set(asset, own ?? Math.max(decimals.get(asset) ?? 18, fractionDigits(amount)));
  };
  for (const e of parsed) {
    need(e.asset, e.amount);
    if (e.toAsset) need(e.toAsset, e.type === "bridge" ? (e.toAmount ?? e.amount) : e.toAmount);
  }
  sameDecimalsForCopies(parsed, decimals);
  return decimals;
}

/** One validated simple event (the i-th) as a tax event. */
function taxEventOf(e: ParsedSimpleEvent, i: number, units: (asset: string, amount: string) => bigint): TaxEvent {
  const leg = { wallet: e.wallet, asset: e.asset, amount: e.amount === undefined ? 0n : units(e.asset, e.amount) };
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
      return { ...base, kind: "unknown-in", given: [], received: [leg], ...(e.arrival ? { arrival: e.arrival } : {}) };
    case "unknown-out":
      return { ...base, kind: "unknown-out", given: [leg], received: [] };
    case "fork-copy":
      return forkCopyEvent(base, e);
    case "bridge": {
      const toAsset = e.toAsset ?? e.asset;
      const amount = units(toAsset, e.toAmount ?? (e.amount as string));
      const to = { wallet: e.toWallet ?? e.wallet, asset: toAsset, amount };
      const bridge = { fromChainId: chainOfAsset(e.asset), toChainId: chainOfAsset(toAsset) };
      return { ...base, kind: "transfer", given: [leg], received: [to], bridge };
    }
  }
  throw new Error(`unknown type ${String(e.type)}`);
}

/** The chain id of a chain asset key ("369:0x..", "1:native"); null for labels. */
function chainOfAsset(asset: string): number | null {
  const m = /^(\d+):/.exec(asset);
  return m ? Number(m[1]) : null;
}

function forkCopyEvent(base: Omit<TaxEvent, "kind" | "given" | "received">, e: ParsedSimpleEvent): TaxEvent {
  const forkCopy = {
    scope: "asset" as const,
    forkTime: base.time,
    wallet: e.wallet,
    asset: e.asset,
    toWallet: e.toWallet ?? e.wallet,
    toAsset: e.toAsset as string,
  };
  return { ...base, kind: "fork-copy", given: [], received: [], forkCopy };
}

/** A copy has the original's base units: both assets of a fork-copy get the larger of their decimals. */
function sameDecimalsForCopies(parsed: readonly ParsedSimpleEvent[], decimals: Map<string, number>): void {
  const copies = parsed.filter((e) => e.type === "fork-copy" && e.toAsset);
  for (let changed = copies.length > 0; changed; ) {
    changed = false;
    for (const e of copies) {
      const to = e.toAsset as string;
      const d = Math.max(decimals.get(e.asset) ?? 18, decimals.get(to) ?? 18);
      if (decimals.get(e.asset) !== d || decimals.get(to) !== d) {
        decimals.set(e.asset, d);
        decimals.set(to, d);
        changed = true;
      }
    }
  }
}
