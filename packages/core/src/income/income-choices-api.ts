import { z } from "zod";
import { chainIdSchema } from "../chains/chain-id.ts";

const senderAddress = z
  .string({ error: "incomeChoice.invalidAddress" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: "incomeChoice.invalidAddress" })
  .transform((a) => a.toLowerCase());

/** A sender the user marked: its transfers into the wallets are ROI income, or are not. */
export const incomeChoiceSchema = z.object({
  chainId: chainIdSchema("incomeChoice.invalidChain"),
  address: senderAddress,
  income: z.boolean({ error: "incomeChoice.invalidChoice" }),
});
export type IncomeChoice = z.infer<typeof incomeChoiceSchema>;

/** PUT /api/income-choices: income null takes the choice back (the rule decides again). */
export const putIncomeChoiceRequestSchema = incomeChoiceSchema.extend({
  income: z.boolean({ error: "incomeChoice.invalidChoice" }).nullable(),
});
export type PutIncomeChoiceRequest = z.infer<typeof putIncomeChoiceRequestSchema>;

export const incomeChoicesResponseSchema = z.object({ choices: z.array(incomeChoiceSchema) });
