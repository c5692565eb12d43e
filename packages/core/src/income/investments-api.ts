/**
 * Manual investments of the ROI tracker (GET/POST /api/investments, PUT/DELETE /api/investments/:id):
 * name, symbol, quantity, purchase date, purchase price total USD, current value total USD, and
 * optionally the token (chain and contract) so the current value can follow the live price. Money and
 * quantities are decimal strings. Messages are keys (namespace "roi", investments.errors.*).
 */
import { z } from "zod";
import { chainIdSchema } from "../chains/chain-id.ts";
import { hasVisibleText } from "../chains/visible-text.ts";

const decimalText = /^\d+(\.\d+)?$/;

const nonNegative = (key: string) =>
  z.string({ error: key }).trim().regex(decimalText, { message: key }).max(60, { message: key });

export const investmentInputSchema = z
  .object({
    name: z
      .string({ error: "investments.errors.nameRequired" })
      .trim()
      .min(1, { message: "investments.errors.nameRequired" })
      .max(80, { message: "investments.errors.nameTooLong" })
      .refine(hasVisibleText, { message: "investments.errors.nameInvisible" }),
    symbol: z.string().trim().max(20, { message: "investments.errors.symbolTooLong" }).default(""),
    /** Positive when given; empty: not tracked. */
    quantity: z
      .string()
      .trim()
      .refine((v) => v === "" || (decimalText.test(v) && /[1-9]/.test(v)), {
        message: "investments.errors.quantityPositive",
      })
      .default(""),
    purchaseDate: z
      .string({ error: "investments.errors.purchaseDateRequired" })
      .trim()
      .min(1, { message: "investments.errors.purchaseDateRequired" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "investments.errors.purchaseDateInvalid" })
      .refine(
        (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
        {
          message: "investments.errors.purchaseDateInvalid",
        },
      ),
    purchasePriceUsd: nonNegative("investments.errors.purchasePriceNonNegative"),
    currentValueUsd: nonNegative("investments.errors.currentValueNonNegative"),
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
export type InvestmentInput = z.input<typeof investmentInputSchema>;

export const investmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  quantity: z.string(),
  purchaseDate: z.string(),
  purchasePriceUsd: z.string(),
  currentValueUsd: z.string(),
  chainId: z.number().int().nullable(),
  tokenAddress: z.string().nullable(),
  note: z.string(),
  /** quantity x the token's price now, when chain, token and quantity are given and a reliable price exists. */
  liveValueUsd: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Investment = z.infer<typeof investmentSchema>;

export const investmentListSchema = z.object({ investments: z.array(investmentSchema) });
