/**
 * The investment form's fields and what they send (pure, so the rules are tested without a browser):
 * amounts are typed in the user's number format and sent as exact decimals; the checks are the
 * server's schema, so the form and the server refuse the same things with the same messages.
 */
import {
  DECIMAL_INPUT_CODES,
  type Investment,
  type InvestmentInput,
  investmentInputSchema,
  type NumberLocale,
  parseDecimalInput,
} from "@pulsemanager/core";

export type FieldName =
  | "name"
  | "symbol"
  | "quantity"
  | "purchaseDate"
  | "currency"
  | "purchasePrice"
  | "currentValue"
  | "note"
  | "tokenAddress"
  | "chainId";
export type Fields = Record<FieldName, string>;
/** Per field: a key of the "roi" namespace or an API error code (NUMBER_*). */
export type FieldErrors = Partial<Record<FieldName, string>>;

const AMOUNTS = ["quantity", "purchasePrice", "currentValue"] as const;

/** A stored decimal ("1.234") as the user writes it ("1,234" in German), so editing reads it back the same. */
function localAmount(value: string, locale: NumberLocale): string {
  return locale === "de" ? value.replace(".", ",") : value;
}

export function fieldsOf(investment: Investment | null, locale: NumberLocale): Fields {
  return {
    name: investment?.name ?? "",
    symbol: investment?.symbol ?? "",
    quantity: localAmount(investment?.quantity ?? "", locale),
    purchaseDate: investment?.purchaseDate ?? "",
    currency: investment?.currency ?? "USD",
    purchasePrice: localAmount(investment?.purchasePrice ?? "", locale),
    currentValue: localAmount(investment?.currentValue ?? "", locale),
    note: investment?.note ?? "",
    tokenAddress: investment?.tokenAddress ?? "",
    chainId: investment?.chainId ? String(investment.chainId) : "",
  };
}

/** What the form sends, or the message of each field that is wrong (checked as of `now`). */
export function investmentInputOf(
  fields: Fields,
  locale: NumberLocale,
  now: Date = new Date(),
): { input: InvestmentInput; errors: null } | { input: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amounts: Partial<Record<(typeof AMOUNTS)[number], string>> = {};
  for (const name of AMOUNTS) {
    const read = parseDecimalInput(fields[name], locale);
    if (read.ok) amounts[name] = read.value;
    else if (read.problem === "empty") amounts[name] = "";
    else errors[name] = DECIMAL_INPUT_CODES[read.problem];
  }
  const token = fields.tokenAddress.trim();
  const input: InvestmentInput = {
    name: fields.name,
    symbol: fields.symbol,
    quantity: amounts.quantity ?? fields.quantity,
    purchaseDate: fields.purchaseDate,
    currency: fields.currency as InvestmentInput["currency"],
    purchasePrice: amounts.purchasePrice ?? fields.purchasePrice,
    currentValue: amounts.currentValue ?? fields.currentValue,
    note: fields.note,
    // A token is named by chain and contract: both or neither.
    tokenAddress: token === "" ? null : token,
    chainId: token === "" || fields.chainId === "" ? null : Number(fields.chainId),
  };
  const parsed = investmentInputSchema(now).safeParse(input);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
  return Object.keys(errors).length > 0 ? { input: null, errors } : { input, errors: null };
}
