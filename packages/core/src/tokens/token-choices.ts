/**
 * The user's own word on a token, stored per user and applied everywhere (portfolio, tax report): a
 * token the exclusion rule left out (spam, fake, fork copy) can be included back. The operator's
 * blocklist is not the user's to overrule.
 */
import { z } from "zod";
import { chainIdSchema } from "../chains/chain-id.ts";
import { tokenKey } from "../chains/token-id.ts";
import type { ExclusionReason } from "./exclusion.ts";

const tokenAddressSchema = z
  .string({ error: "tokenChoice.invalidAddress" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: "tokenChoice.invalidAddress" })
  .transform((a) => a.toLowerCase());

export const tokenChoiceSchema = z.object({
  chainId: chainIdSchema("tokenChoice.invalidChain"),
  address: tokenAddressSchema,
  /** true: counted although the exclusion rule would leave it out. */
  include: z.boolean({ error: "tokenChoice.invalidChoice" }),
});
export type TokenChoice = z.infer<typeof tokenChoiceSchema>;

/** PUT /api/token-choices: include null takes the choice back (the rule decides again). */
export const putTokenChoiceRequestSchema = tokenChoiceSchema.extend({
  include: z.boolean({ error: "tokenChoice.invalidChoice" }).nullable(),
});
export type PutTokenChoiceRequest = z.infer<typeof putTokenChoiceRequestSchema>;

export const tokenChoicesResponseSchema = z.object({ choices: z.array(tokenChoiceSchema) });
export type TokenChoicesResponse = z.infer<typeof tokenChoicesResponseSchema>;

/** "369:0xabc…": how choices and the blocklist name a token. */
export function tokenChoiceKey(chainId: number, address: string): string {
  return tokenKey(chainId, address);
}

/** The keys of the tokens the user included back. */
export function includedTokenKeys(choices: readonly TokenChoice[]): Set<string> {
  return new Set(choices.filter((c) => c.include).map((c) => tokenChoiceKey(c.chainId, c.address)));
}

/** Whether the user may include a token left out for this reason. */
export function canIncludeBack(reason: ExclusionReason): boolean {
  return reason !== "blocklisted";
}
