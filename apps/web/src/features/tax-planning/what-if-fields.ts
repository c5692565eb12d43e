import { type NumberLocale, type PlannedLot, parseDecimalInput, tokenTotals } from "@pulsemanager/core";
import type { WhatIfInput } from "./tax-planning-api.ts";

/** What the what-if form holds as typed. */
export interface WhatIfFields {
  wallet: string;
  asset: string;
  amount: string;
  priceEur: string;
}

export type WhatIfErrors = Partial<Record<keyof WhatIfFields, string>>;

/** The wallets with open lots of their own (not only in stakes), in the lots' order. */
export function sellableWallets(lots: readonly PlannedLot[]): string[] {
  return [...new Set(lots.filter((l) => l.stakeId === null).map((l) => l.wallet))];
}

/** A wallet's tokens with the amount it holds of each (its own lots, not those in stakes). */
export function walletTokens(lots: readonly PlannedLot[], wallet: string) {
  return tokenTotals(lots.filter((l) => l.wallet === wallet && l.stakeId === null));
}

/** A positive number as typed in the user's format, as a plain decimal; null when it is none. */
function positive(text: string, locale: NumberLocale): string | null {
  const read = parseDecimalInput(text, locale);
  return read.ok && /[1-9]/.test(read.value) && !read.value.startsWith("-") ? read.value : null;
}

/** The request of the form, or the message keys of its problems. */
export function whatIfInputOf(
  fields: WhatIfFields,
  lots: readonly PlannedLot[],
  locale: NumberLocale,
): { input: WhatIfInput } | { errors: WhatIfErrors } {
  const errors: WhatIfErrors = {};
  const token = walletTokens(lots, fields.wallet).find((t) => t.asset === fields.asset);
  if (!fields.wallet) errors.wallet = "planning.errors.wallet";
  if (!token) errors.asset = "planning.errors.token";
  const amount = positive(fields.amount, locale);
  if (amount === null) errors.amount = "planning.errors.amount";
  const price = fields.priceEur.trim() === "" ? undefined : positive(fields.priceEur, locale);
  if (price === null) errors.priceEur = "planning.errors.price";
  if (!token || amount === null || price === null || Object.keys(errors).length > 0) return { errors };
  const input: WhatIfInput = { wallet: fields.wallet, chainId: token.chainId ?? 0, token: token.token, amount };
  return { input: price === undefined ? input : { ...input, priceEur: price } };
}
