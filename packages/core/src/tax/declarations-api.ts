/**
 * The user's own declarations for what the chain cannot tell (docs/product/tax-report.md, "Offene
 * Punkte"): per arrival of tokens with unknown acquisition, what it was. Stored once per user and
 * applied by every report. GET /api/tax/unknowns lists what still keeps a year from being complete;
 * PUT / DELETE /api/tax/declarations store and take back the answers. Message keys are those of the
 * web app's `wallet-report` namespace (`declarations.errors.*`).
 */
import { z } from "zod";
import { FORK_COST_METHODS } from "./fork-cost-methods.ts";

/** What an arrival was, in the user's words. */
export const DECLARATION_KINDS = [
  /** Bought (or otherwise acquired) for `eur` on `acquiredOn`. */
  "cost",
  /** Received for nothing (gift, pure airdrop): cost 0 EUR, acquired on the day it arrived. */
  "zero",
  /** §22 Nr. 3 income at its market value on the day it arrived. */
  "income",
  /** Came from an own wallet or exchange account (`from`): acquired on `acquiredOn` for `eur`. */
  "own-transfer",
  /** The PulseChain sacrifice: `given` (e.g. "1.5 ETH") worth `eur` on `acquiredOn`. */
  "sacrifice",
] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];

/** How a lot of unknown acquisition came to the user (the groups of the list). */
export const ARRIVAL_KINDS = [
  /** Minted to the wallet (from the zero address) in a transaction someone else sent. */
  "airdrop",
  /** Sent by an outside address. */
  "from-outside",
  /** PulseChain's native coin credited at the fork for the sacrifice (no transaction shows it). */
  "sacrifice",
  /** A bridge side whose counterpart was not found or went to an address that is not the user's. */
  "bridge-unmatched",
  /** More was disposed of than the history shows arriving. */
  "insufficient-holdings",
] as const;
export type ArrivalKind = (typeof ARRIVAL_KINDS)[number];

const address = z
  .string({ error: "declarations.errors.token" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: "declarations.errors.token" })
  .transform((a) => a.toLowerCase());

/**
 * One arrival: the transaction that brought the tokens into the wallet. For `insufficient-holdings`
 * the transaction is the disposal that found them missing.
 */
export const arrivalKeySchema = z.object({
  chainId: z
    .number({ error: "declarations.errors.chain" })
    .int({ message: "declarations.errors.chain" })
    .positive({ message: "declarations.errors.chain" }),
  txHash: z
    .string({ error: "declarations.errors.transaction" })
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, { message: "declarations.errors.transaction" })
    .transform((h) => h.toLowerCase()),
  /** The token's address, or "native". */
  token: z.union([z.literal("native"), address], { error: "declarations.errors.token" }),
  wallet: address,
});
export type ArrivalKey = z.output<typeof arrivalKeySchema>;

/** "1234.56": a EUR amount with a point, at most 2 decimals, not negative. */
export const declaredEurSchema = z
  .string({ error: "declarations.errors.eur" })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: "declarations.errors.eur" });

/** A calendar date from 2009-01-03 (the first block of Bitcoin) to today (checked against `now`). */
export function declaredDateSchema(now: Date = new Date()) {
  return z
    .string({ error: "declarations.errors.date" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "declarations.errors.date" })
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      {
        message: "declarations.errors.date",
      },
    )
    .refine((d) => d >= "2009-01-03", { message: "declarations.errors.dateTooEarly" })
    .refine((d) => d <= now.toISOString().slice(0, 10), { message: "declarations.errors.dateInFuture" });
}

const label = z
  .string({ error: "declarations.errors.text" })
  .trim()
  .min(1, "declarations.errors.text")
  .max(100, "declarations.errors.text");

/** One declaration as PUT sends it. */
export function declarationSchema(now: Date = new Date()) {
  const date = declaredDateSchema(now);
  return z.discriminatedUnion(
    "kind",
    [
      arrivalKeySchema.extend({ kind: z.literal("cost"), eur: declaredEurSchema, acquiredOn: date }),
      arrivalKeySchema.extend({ kind: z.literal("zero") }),
      arrivalKeySchema.extend({ kind: z.literal("income") }),
      arrivalKeySchema.extend({
        kind: z.literal("own-transfer"),
        from: label,
        eur: declaredEurSchema,
        acquiredOn: date,
      }),
      arrivalKeySchema.extend({ kind: z.literal("sacrifice"), given: label, eur: declaredEurSchema, acquiredOn: date }),
    ],
    { error: "declarations.errors.kind" },
  );
}
export type Declaration = z.output<ReturnType<typeof declarationSchema>>;

/** PUT /api/tax/declarations: one group's answer covers all its arrivals at once. */
export function putDeclarationsRequestSchema(now: Date = new Date()) {
  return z.strictObject({
    declarations: z
      .array(declarationSchema(now), { error: "declarations.errors.invalid" })
      .min(1, { message: "declarations.errors.invalid" })
      .max(500, { message: "declarations.errors.invalid" }),
  });
}

/** DELETE /api/tax/declarations: the arrivals whose declaration is taken back. */
export const deleteDeclarationsRequestSchema = z.strictObject({
  arrivals: z
    .array(arrivalKeySchema, { error: "declarations.errors.invalid" })
    .min(1, { message: "declarations.errors.invalid" })
    .max(500, { message: "declarations.errors.invalid" }),
});

/** A stored declaration, with when the user made it (the PDF lists it as the user's own statement). */
export const storedDeclarationSchema = z.intersection(
  z.object({ declaredAt: z.string() }),
  z.discriminatedUnion("kind", [
    arrivalKeySchema.extend({ kind: z.literal("cost"), eur: z.string(), acquiredOn: z.string() }),
    arrivalKeySchema.extend({ kind: z.literal("zero") }),
    arrivalKeySchema.extend({ kind: z.literal("income") }),
    arrivalKeySchema.extend({
      kind: z.literal("own-transfer"),
      from: z.string(),
      eur: z.string(),
      acquiredOn: z.string(),
    }),
    arrivalKeySchema.extend({
      kind: z.literal("sacrifice"),
      given: z.string(),
      eur: z.string(),
      acquiredOn: z.string(),
    }),
  ]),
);
export type StoredDeclaration = z.infer<typeof storedDeclarationSchema>;

/** PUT and DELETE /api/tax/declarations answer every declaration of the user after the change. */
export const declarationsResponseSchema = z.object({ declarations: z.array(storedDeclarationSchema) });
export type DeclarationsResponse = z.infer<typeof declarationsResponseSchema>;

/** One arrival on the list: what of it the year's disposals used, and what is at stake. */
export const unknownArrivalSchema = z.object({
  chainId: z.number().int(),
  txHash: z.string(),
  token: z.string(),
  wallet: z.string(),
  /** German date of the arrival ("YYYY-MM-DD"); for insufficient holdings the disposal's. */
  arrivedOn: z.string(),
  /** Unix seconds. */
  arrivedAt: z.number().int(),
  /** Whole tokens that arrived (for insufficient holdings: that were missing). */
  amount: z.string(),
  /** Whole tokens of it the year's disposals used. */
  disposedAmount: z.string(),
  /** EUR proceeds of those disposals (2 decimals); null when their price is missing too. */
  eurAtStake: z.string().nullable(),
});
export type UnknownArrival = z.infer<typeof unknownArrivalSchema>;

export const unknownGroupSchema = z.object({
  chainId: z.number().int(),
  token: z.string(),
  /** The asset key "369:0x..." / "369:native". */
  asset: z.string(),
  symbol: z.string(),
  arrivalKind: z.enum(ARRIVAL_KINDS),
  arrivals: z.array(unknownArrivalSchema),
  /** Sum of the arrivals' known eurAtStake. */
  eurAtStake: z.string(),
});
export type UnknownGroup = z.infer<typeof unknownGroupSchema>;

/** GET /api/tax/unknowns?year=YYYY */
export const taxUnknownsResponseSchema = z.object({
  year: z.number().int(),
  /** The all-wallets report of the year the list comes from; null when none was made yet. */
  report: z
    .object({
      id: z.string(),
      generatedAt: z.string(),
      /** A declaration changed after the report was made: run it again to see the effect. */
      stale: z.boolean(),
    })
    .nullable(),
  /** Undeclared groups: what keeps the year from being complete. */
  groups: z.array(unknownGroupSchema),
  /** Every declaration the user made (all years). */
  declarations: z.array(storedDeclarationSchema),
  /** Nothing on the list, no price missing and every chain read to the end. */
  complete: z.boolean(),
});
export type TaxUnknownsResponse = z.infer<typeof taxUnknownsResponseSchema>;

export { FORK_COST_METHODS, type ForkCostMethod } from "./fork-cost-methods.ts";
/** The two ways to cost the copies PulseChain made at the fork (a user setting). */
export const forkCostMethodSchema = z.enum(FORK_COST_METHODS);
