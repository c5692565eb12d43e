/**
 * The tax planning API (docs/api.md, docs/product/tax-report.md "Steuerplanung"): the open lots at a
 * day with their tax-free dates, and what a sale would mean. Shared by the server's validation and the
 * web page's forms; message keys are the web's `tax-planning` namespace (the server has the same texts).
 */
import { z } from "zod";
import type { ApiErrorCode } from "../auth/api-errors.ts";
import { parseDecimalInput } from "../numbers/decimal-input.ts";
import { decimalPlaces, isPositiveDecimal } from "../trade/trade-api.ts";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(d: string): boolean {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
}

/** ?at=YYYY-MM-DD (default: today): a real day, not before 2009, not in the future. */
export function openLotsQuerySchema(now: Date = new Date()) {
  return z.object({
    at: z
      .string({ error: "planning.errors.date" })
      .trim()
      .regex(ISO_DAY, { message: "planning.errors.date" })
      .refine(isCalendarDay, { message: "planning.errors.date" })
      .refine((d) => d >= "2009-01-03", { message: "planning.errors.dateTooEarly" })
      .refine((d) => d <= now.toISOString().slice(0, 10), { message: "planning.errors.dateInFuture" })
      .optional(),
  });
}

const address = z
  .string({ error: "planning.errors.wallet" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: "planning.errors.wallet" })
  .transform((a) => a.toLowerCase());

/** Decimals a typed amount or price may have (more than any token's 18 is a typing slip). */
export const PLANNING_MAX_DECIMALS = 18;

/** A positive decimal as typed ("1.000,5" too), read without a locale; every problem is `message`. */
function positiveDecimal(message: string) {
  return z
    .string({ error: message })
    .max(80, { message })
    .transform((text, ctx) => {
      const read = parseDecimalInput(text);
      if (read.ok && isPositiveDecimal(read.value) && decimalPlaces(read.value) <= PLANNING_MAX_DECIMALS)
        return read.value;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}

/** POST /api/tax/what-if: a sale of `amount` whole tokens from one wallet, at today's price or `priceEur` per token. */
export const whatIfRequestSchema = z.strictObject({
  wallet: address,
  chainId: z
    .number({ error: "planning.errors.token" })
    .int({ message: "planning.errors.token" })
    .positive({ message: "planning.errors.token" }),
  token: z
    .string({ error: "planning.errors.token" })
    .trim()
    .toLowerCase()
    .refine((t) => t === "native" || /^0x[0-9a-f]{40}$/.test(t), { message: "planning.errors.token" }),
  amount: positiveDecimal("planning.errors.amount"),
  priceEur: positiveDecimal("planning.errors.price").optional(),
});
export type WhatIfRequest = z.output<typeof whatIfRequestSchema>;

/** Why a sale cannot be planned although the request is well formed. */
export const PLANNING_ERROR_CODES = [
  "PLANNING_UNKNOWN_TOKEN",
  "PLANNING_AMOUNT_ABOVE_HOLDING",
  "PLANNING_NO_PRICE",
] as const satisfies readonly ApiErrorCode[];
export type PlanningErrorCode = (typeof PLANNING_ERROR_CODES)[number];

const eur = z.string();
const eurOrNull = eur.nullable();

/** Why an open lot's gain cannot be told: when it was acquired is unknown, or what it cost. */
export const LOT_GAPS = ["unknown-acquisition", "unknown-cost"] as const;
export type LotGap = (typeof LOT_GAPS)[number];

/** One open lot: what is left of one acquisition in one wallet, valued at the day asked for. */
export const plannedLotSchema = z.object({
  wallet: z.string(),
  /** The HEX stake the lot is locked in; null when it lies in the wallet. */
  stakeId: z.string().nullable(),
  chainId: z.number().int().nullable(),
  /** The token's address or "native" (outside a chain: the asset's label). */
  token: z.string(),
  asset: z.string(),
  symbol: z.string(),
  /** Whole tokens. */
  amount: z.string(),
  acquired: z.string().nullable(),
  /** EUR, 2 decimals; null when unknown (see gap). */
  cost: eurOrNull,
  /** At the day's price, EUR with 2 decimals; null without a price. */
  value: eurOrNull,
  gain: eurOrNull,
  gap: z.enum(LOT_GAPS).nullable(),
  /** The first tax-free day ("YYYY-MM-DD"); null when the acquisition is unknown. */
  taxFreeFrom: z.string().nullable(),
  /** Days from the day asked for until taxFreeFrom; 0 when tax-free already; null when unknown. */
  daysUntilTaxFree: z.number().int().nullable(),
});
export type PlannedLot = z.infer<typeof plannedLotSchema>;

/** Per token (over the wallets): the amounts, what is tax-free on the day, the next tax-free date. */
export const plannedTokenSchema = z.object({
  chainId: z.number().int().nullable(),
  token: z.string(),
  asset: z.string(),
  symbol: z.string(),
  amount: z.string(),
  taxFreeAmount: z.string(),
  cost: eurOrNull,
  value: eurOrNull,
  gain: eurOrNull,
  lots: z.number().int(),
  nextTaxFree: z.string().nullable(),
});
export type PlannedToken = z.infer<typeof plannedTokenSchema>;

/** One day in the next 12 months on which lots become tax-free: per token, the amount. */
export const taxFreeDateSchema = z.object({
  date: z.string(),
  chainId: z.number().int().nullable(),
  token: z.string(),
  symbol: z.string(),
  amount: z.string(),
  value: eurOrNull,
});
export type TaxFreeDate = z.infer<typeof taxFreeDateSchema>;

/** The year's room under the two Freigrenzen so far (the figures of the report's rules up to the day). */
export const yearRoomSchema = z.object({
  year: z.number().int(),
  gainTaxable: eur,
  freigrenze23: eur,
  room23: eur,
  crossed23: z.boolean(),
  income22: eur,
  freigrenze22: eur,
  room22: eur,
  crossed22: z.boolean(),
  /**
   * How final the figures are (figure-state.ts, the report's rule): "unknown" while a chain's history
   * could not be read to the end (no Freigrenze verdict), "provisional" while values are missing.
   */
  state: z.enum(["final", "provisional", "unknown"]),
});
export type YearRoom = z.infer<typeof yearRoomSchema>;

export const openLotsResponseSchema = z.object({
  at: z.string(),
  room: yearRoomSchema,
  tokens: z.array(plannedTokenSchema),
  lots: z.array(plannedLotSchema),
  timeline: z.array(taxFreeDateSchema),
  /** Tokens without a price on the day: their values and gains are null. */
  unpriced: z.array(z.object({ asset: z.string(), symbol: z.string() })),
  /** When the wallets' history was last read to the end (ISO); null when never. */
  historyReadAt: z.string().nullable(),
  /** Chains whose history could not be read to the end just now: the figures are not final. */
  incompleteChains: z.array(z.number().int()),
});
export type OpenLotsResponse = z.infer<typeof openLotsResponseSchema>;

/** One lot a sale would use, by wallet-FIFO. */
export const whatIfLotSchema = z.object({
  acquired: z.string().nullable(),
  amount: z.string(),
  cost: eurOrNull,
  proceeds: eurOrNull,
  gain: eurOrNull,
  taxFree: z.boolean().nullable(),
  taxFreeFrom: z.string().nullable(),
});
export type WhatIfLot = z.infer<typeof whatIfLotSchema>;

export const whatIfResponseSchema = z.object({
  date: z.string(),
  symbol: z.string(),
  amount: z.string(),
  /** EUR per token used, and where it came from ("input": the price typed). */
  priceEur: z.string(),
  priceSource: z.string(),
  proceeds: eur,
  lots: z.array(whatIfLotSchema),
  gainTaxable: eur,
  gainTaxFree: eur,
  /** Part of the sale of unknown acquisition or cost: its gain cannot be told. */
  gainUnknown: z.boolean(),
  before: yearRoomSchema,
  after: yearRoomSchema,
  /** The sale takes the year's §23 gains over the Freigrenze. */
  crossesFreigrenze: z.boolean(),
  /** The first day the same sale would be wholly tax-free; null when it is already, or cannot be told. */
  taxFreeFrom: z.string().nullable(),
});
export type WhatIfResponse = z.infer<typeof whatIfResponseSchema>;
