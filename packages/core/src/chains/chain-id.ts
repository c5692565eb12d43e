import { z } from "zod";

/** The largest chain id the database stores (a PostgreSQL integer). */
export const MAX_CHAIN_ID = 2_147_483_647;

/**
 * A chain id in a JSON body: a whole number from 1 to MAX_CHAIN_ID. Text ("369", "1e3", "0x171") and
 * numbers beyond the database's integer are refused with `message`.
 */
export function chainIdSchema(message = "chain.invalidChain") {
  return z.number({ error: message }).int({ message }).min(1, { message }).max(MAX_CHAIN_ID, { message });
}

/** A chain id in a query string or path: decimal digits only (no "1e3", "0x171", "-1"), then as chainIdSchema. */
export function chainIdTextSchema(message = "chain.invalidChain") {
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, { message })
    .transform(Number)
    .pipe(chainIdSchema(message));
}
