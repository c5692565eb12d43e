/**
 * Manual investments of the ROI tracker (GET/POST /api/investments, PUT/DELETE /api/investments/:id):
 * name, symbol, quantity, purchase date, the currency paid in (USD or EUR), the purchase price and the
 * current value in that currency (totals), and optionally the token (chain and contract) so the current
 * value can follow the live price. Money and quantities are decimal strings, stored as entered. Messages
 * are keys (namespace "roi", investments.errors.*) or a number's error code (NUMBER_*).
 */
import { z } from "zod";
import { chainIdSchema } from "../chains/chain-id.ts";
import { hasVisibleText } from "../chains/visible-text.ts";
import { berlinDateOf } from "../fx/rate-on.ts";
import { decimalInput } from "../numbers/decimal-input.ts";

export const INVESTMENT_CURRENCIES = ["USD", "EUR"] as const;
export type InvestmentCurrency = (typeof INVESTMENT_CURRENCIES)[number];

const notNegative = (key: string) => decimalInput().refine((v) => !v.startsWith("-"), { message: key });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (d: string) =>
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/**
 * What a user enters for an investment, checked on `now`: a purchase date after today (in Germany) is
 * refused. Amounts are read as typed ("1.234,56" and "1234.56" alike) and come out as exact decimals.
 */
export function investmentInputSchema(now: Date = new Date()) {
  const today = berlinDateOf(Math.floor(now.getTime() / 1000));
  return z
    .object({
      name: z
        .string({ error: "investments.errors.nameRequired" })
        .trim()
        .min(1, { message: "investments.errors.nameRequired" })
        .max(80, { message: "investments.errors.nameTooLong" })
        .refine(hasVisibleText, { message: "investments.errors.nameInvisible" }),
      symbol: z.string().trim().max(20, { message: "investments.errors.symbolTooLong" }).default(""),
      /** Positive when given; empty: not tracked. */
      quantity: decimalInput({ optional: true })
        .refine((v) => v === "" || (!v.startsWith("-") && /[1-9]/.test(v)), {
          message: "investments.errors.quantityPositive",
        })
        .default(""),
      purchaseDate: z
        .string({ error: "investments.errors.purchaseDateRequired" })
        .trim()
        .min(1, { message: "investments.errors.purchaseDateRequired" })
        .regex(DATE, { message: "investments.errors.purchaseDateInvalid" })
        .refine(isCalendarDate, { message: "investments.errors.purchaseDateInvalid" })
        .refine((d) => d <= today, { message: "investments.errors.purchaseDateFuture" }),
      currency: z.enum(INVESTMENT_CURRENCIES, { error: "investments.errors.currencyInvalid" }).default("USD"),
      purchasePrice: notNegative("investments.errors.purchasePriceNonNegative"),
      currentValue: notNegative("investments.errors.currentValueNonNegative"),
      chainId: chainIdSchema("investments.errors.chainInvalid").nullable().default(null),
      tokenAddress: z
        .string()
        .trim()
        .regex(/^0x[0-9a-fA-F]{40}$/, { message: "investments.errors.tokenAddressInvalid" })
        .transform((a) => a.toLowerCase())
        .nullable()
        .default(null),
      note: z.string().trim().max(500, { message: "investments.errors.noteTooLong" }).default(""),
    })
    .strict();
}
export type InvestmentInput = z.input<ReturnType<typeof investmentInputSchema>>;
export type InvestmentFields = z.output<ReturnType<typeof investmentInputSchema>>;

export const investmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  quantity: z.string(),
  purchaseDate: z.string(),
  currency: z.enum(INVESTMENT_CURRENCIES),
  /** As entered, in `currency`. */
  purchasePrice: z.string(),
  /** As entered, in `currency`. */
  currentValue: z.string(),
  chainId: z.number().int().nullable(),
  tokenAddress: z.string().nullable(),
  note: z.string(),
  /** quantity x the token's price now, when chain, token and quantity are given and a reliable price exists. */
  liveValueUsd: z.string().nullable(),
  /** The purchase price in USD (a EUR price at the ECB rate of the purchase date); null without a rate. */
  purchasePriceUsd: z.string().nullable(),
  /** The value now in USD: the live value, else the entered value (EUR at the newest ECB rate); null without a rate. */
  currentValueUsd: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Investment = z.infer<typeof investmentSchema>;

export const investmentListSchema = z.object({ investments: z.array(investmentSchema) });
