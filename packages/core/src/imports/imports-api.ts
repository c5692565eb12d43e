import { z } from "zod";
import { IMPORT_KINDS, ROW_PROBLEMS } from "./imported-row.ts";

/**
 * /api/imports (docs/api.md): the preview of an exchange export before anything is stored, the
 * import, and the imported accounts. Shared by the server's answers and the web's forms.
 */

export const IMPORT_ACCOUNT_NAME_MAX = 60;

/** The largest export accepted (real exports of a busy account stay far below). */
export const MAX_EXPORT_BYTES = 10 * 1024 * 1024;

/** Why a whole file is refused (nothing of it is stored); the page says it in the user's language. */
export const EXPORT_FILE_PROBLEMS = ["empty", "too-large", "not-text", "unknown-format", "no-rows"] as const;
export type ExportFileProblem = (typeof EXPORT_FILE_PROBLEMS)[number];

const refusedLineSchema = z.object({
  line: z.number().int(),
  problem: z.enum(ROW_PROBLEMS),
  detail: z.string().optional(),
});

/** What a file holds, recognised without storing anything. */
export const importPreviewSchema = z.object({
  fileName: z.string(),
  format: z.string(),
  /** The account it would go into: an existing one of the same format, else a new one of this name. */
  account: z.string(),
  accountId: z.string().nullable(),
  rows: z.object({
    trades: z.number().int(),
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    rewards: z.number().int(),
    other: z.number().int(),
  }),
  assets: z.array(z.string()),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Lines that could not be read: they are left out of the import. */
  warnings: z.array(refusedLineSchema),
  /** Rows of the file the account does not hold yet (all of them for a new account). */
  newRows: z.number().int(),
  /** The same file was imported into this account before: importing it adds nothing. */
  alreadyImported: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importedFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  rowsAdded: z.number().int(),
  importedAt: z.string(),
});

export const importAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  format: z.string(),
  rowCount: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  files: z.array(importedFileSchema),
});
export type ImportAccount = z.infer<typeof importAccountSchema>;

export const importAccountsResponseSchema = z.object({ accounts: z.array(importAccountSchema) });

export const importResultSchema = z.object({
  account: importAccountSchema,
  /** Rows stored by this import; the rest of the file's rows were there already. */
  added: z.number().int(),
  alreadyThere: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * An account's name is its wallet's name in the tax report: not empty, not a wallet address (it would
 * read as one of the chain wallets), and unique among the user's accounts (checked by the server).
 */
export const renameImportAccountSchema = z.object({
  name: z
    .string({ error: "imports.errors.name" })
    .trim()
    .min(1, "imports.errors.name")
    .max(IMPORT_ACCOUNT_NAME_MAX, "imports.errors.name")
    .refine((n) => !/^0x[0-9a-fA-F]{40}$/.test(n), "imports.errors.nameIsAddress"),
});

/** ?name= the file's name (shown in the account's list of files); ?accountId= import into that account. */
export const importQuerySchema = z.object({
  name: z.string().trim().min(1).max(200).default("export.csv"),
  accountId: z.string().min(1).max(100).optional(),
});

const legSchema = z.object({ asset: z.string(), amount: z.string() });

/** One imported row as the user sees it (core's ImportedRow). */
export const importedRowViewSchema = z.object({
  line: z.number().int(),
  time: z.string(),
  kind: z.enum(IMPORT_KINDS),
  operation: z.string(),
  out: legSchema.optional(),
  in: legSchema.optional(),
  alsoOut: z.array(legSchema).optional(),
  alsoIn: z.array(legSchema).optional(),
  fees: z.array(legSchema),
  fiatValue: legSchema.optional(),
  externalId: z.string().optional(),
  txHash: z.string().optional(),
  address: z.string().optional(),
  network: z.string().optional(),
  note: z.string().optional(),
});
export type ImportedRowView = z.infer<typeof importedRowViewSchema>;
export const importRowsResponseSchema = z.object({
  account: z.object({ id: z.string(), name: z.string() }),
  rows: z.array(importedRowViewSchema),
});

/** Why the matcher did not take a chain record as a move's partner (docs/product/imports.md). */
export const REJECTION_REASONS = [
  "already-paired",
  "other-transaction",
  "too-early",
  "too-late",
  "amount-larger",
  "amount-smaller",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** A withdrawal or deposit of an account that found no partner in the user's wallets. */
export const unpairedMoveSchema = z.object({
  id: z.string(),
  time: z.string(),
  symbol: z.string(),
  asset: z.string(),
  /** The chain records of the coin within three days, and why the matcher did not take each. */
  candidates: z
    .array(
      z.object({
        chainId: z.number().int(),
        txHash: z.string(),
        time: z.string(),
        reason: z.enum([
          "already-paired",
          "other-transaction",
          "too-early",
          "too-late",
          "amount-larger",
          "amount-smaller",
        ]),
      }),
    )
    .default([]),
});
export type UnpairedMove = z.infer<typeof unpairedMoveSchema>;

const movesSchema = z.object({
  total: z.number().int(),
  paired: z.number().int(),
  unpaired: z.array(unpairedMoveSchema),
});

/** "Abgleich Börsen": an account's moves to and from the user's wallets and its DAC8 totals in the report year. */
export const exchangeReconciliationSchema = z.object({
  account: z.string(),
  withdrawals: movesSchema,
  deposits: movesSchema,
  dac8: z.object({
    salesForFiat: z.number().int(),
    /** EUR of the sales whose value is known, to the cent. */
    salesForFiatEur: z.string(),
    salesWithoutEur: z.number().int(),
    swaps: z.number().int(),
    transfersOut: z.number().int(),
  }),
});
export type ExchangeReconciliation = z.infer<typeof exchangeReconciliationSchema>;

/** One coin an imported account holds, valued where its ticker is a chain token with a price now. */
export const accountHoldingSchema = z.object({
  ticker: z.string(),
  amount: z.string(),
  /** The chain token it is (`1:native`, `369:0x…`), or null for an asset of the exchange only. */
  asset: z.string().nullable(),
  valueUsd: z.string().nullable(),
  isFiat: z.boolean(),
});
export const accountHoldingsSchema = importAccountSchema.pick({ id: true, name: true, format: true }).extend({
  holdings: z.array(accountHoldingSchema),
  /** Tickers whose rows leave less than nothing: the export misses earlier rows. */
  short: z.array(z.string()),
  /** Sum of the valued holdings in USD; null when none is valued. */
  totalUsd: z.string().nullable(),
});
export const importHoldingsResponseSchema = z.object({ accounts: z.array(accountHoldingsSchema) });
export type AccountHoldings = z.infer<typeof accountHoldingsSchema>;
