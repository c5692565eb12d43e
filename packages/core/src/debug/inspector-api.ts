/**
 * The transaction inspector of the debug page: a wallet's transfers of one token as the app has them
 * (paged, each row with the income rule's verdict), a quick diagnostic per chain and of the synced
 * history, and the history sources compared side by side. Only the signed-in user's own saved wallets
 * can be inspected. Validation messages are i18n keys (namespace "debug").
 */
import { z } from "zod";
import { ETHEREUM, PULSECHAIN } from "../chains/chains.ts";

/** The preset token: WGEP on PulseChain (its real contract). */
export const INSPECTOR_PRESET = {
  chainId: PULSECHAIN,
  token: "0xfca88920ca5639ad5e954ea776e73dec54fdc065",
  symbol: "WGEP",
} as const;

/** Rows per page of GET /api/debug/transactions. */
export const INSPECTOR_PAGE_SIZE = 100;
/** Rows a result list shows; the rest is a "N more" note. */
export const INSPECTOR_SHOWN_ROWS = 50;
/** Rows of a diagnostic sample. */
export const INSPECTOR_SAMPLE_SIZE = 5;
/** The chains the inspector can read. */
export const INSPECTOR_CHAINS = [PULSECHAIN, ETHEREUM] as const;

const hexAddress = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, { message: key })
    .transform((a) => a.toLowerCase() as `0x${string}`);

const chainIdParam = z
  .string({ error: "inspector.invalidChain" })
  .trim()
  .regex(/^\d{1,9}$/, { message: "inspector.invalidChain" })
  .transform(Number)
  .refine((id) => (INSPECTOR_CHAINS as readonly number[]).includes(id), { message: "inspector.invalidChain" });

/** The query of the diagnostic and the comparison: ?address=&chainId=&token= */
export const inspectorQuerySchema = z.object({
  address: hexAddress("inspector.invalidAddress"),
  chainId: chainIdParam,
  token: hexAddress("inspector.invalidToken"),
});
export type InspectorQuery = z.infer<typeof inspectorQuerySchema>;

/** GET /api/debug/transactions: plus the cursor a previous page answered (absent: the first page). */
export const inspectorPageQuerySchema = inspectorQuerySchema.extend({
  cursor: z
    .string({ error: "inspector.invalidCursor" })
    .regex(/^\d{1,9}$/, { message: "inspector.invalidCursor" })
    .optional(),
});
export type InspectorPageQuery = z.infer<typeof inspectorPageQuerySchema>;

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One transfer of the token at the wallet. */
export const inspectorTransactionSchema = z.object({
  chainId: z.number().int(),
  hash: z.string(),
  /** The log's index as the source reported it (explorers without one count within the transaction). */
  logIndex: z.number().int(),
  /** Null when the source did not say (older Blockscout /api/v2 items). */
  blockNumber: z.number().int().nullable(),
  /** Unix seconds; null when the source did not say. */
  timestamp: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  /** in: to the wallet; out: from it; self: both. */
  direction: z.enum(["in", "out", "self"]),
  /** Whole tokens, exact. */
  amount: decimal,
  tokenSymbol: z.string(),
  tokenDecimal: z.number().int(),
  /** The one income rule counts it as ROI income (a payout from a reward distributor into an own wallet). */
  roiIncome: z.boolean(),
});
export type InspectorTransaction = z.infer<typeof inspectorTransactionSchema>;

export const inspectorTokenSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
});

/** GET /api/debug/transactions: one page of the synced transfers, oldest first. */
export const inspectorPageSchema = z.object({
  transactions: z.array(inspectorTransactionSchema),
  /** All transfers of the token at the wallet (every page together). */
  total: z.number().int(),
  /** Of them, counted as ROI income. */
  roiIncomeTotal: z.number().int(),
  /** Pass it back for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  token: inspectorTokenSchema,
  /** The history is incomplete (a source failed); `problems` says where. */
  partial: z.boolean(),
  problems: z.array(z.string()),
});
export type InspectorPage = z.infer<typeof inspectorPageSchema>;

/** One part of the simple diagnostic: a chain's live read, or the synced history. */
export const diagnosticPartSchema = z.object({
  /** The history source asked ("blockscout-api", "blockscout-v2", "rpc", "stored"). */
  source: z.string(),
  success: z.boolean(),
  /** Every transfer found; null when only the first page was read and there are more. */
  total: z.number().int().nullable(),
  /** Transfers on the first page. */
  count: z.number().int(),
  hasMore: z.boolean(),
  sample: z.array(inspectorTransactionSchema),
  /** Why it failed or is incomplete (no keys, no URLs). */
  error: z.string().nullable(),
});
export type DiagnosticPart = z.infer<typeof diagnosticPartSchema>;

/** GET /api/debug/transactions/diagnostic */
export const inspectorDiagnosticSchema = z.object({
  ranAt: z.string(),
  durationMs: z.number().int(),
  token: inspectorTokenSchema,
  /** Each chain the installation reads, asked live for the first page of the wallet's transfers of the token. */
  chains: z.array(diagnosticPartSchema.extend({ chainId: z.number().int() })),
  /** The synced history of the chosen chain (what the portfolio, ROI and tax report use). */
  history: diagnosticPartSchema.extend({ chainId: z.number().int() }),
  /** Across all parts: transfers read in total, and how many distinct ones. */
  combined: z.object({ total: z.number().int(), unique: z.number().int() }),
});
export type InspectorDiagnostic = z.infer<typeof inspectorDiagnosticSchema>;

export const compareSourceSchema = z.object({
  source: z.string(),
  success: z.boolean(),
  /** Transfers of the token at the wallet this source has. */
  count: z.number().int(),
  /** Transfers some other source has and this one lacks. */
  missing: z.number().int(),
  /** Transfers only this source has: the first ones, and how many in all. */
  onlyHere: z.array(inspectorTransactionSchema),
  onlyHereTotal: z.number().int(),
  error: z.string().nullable(),
});
export type CompareSource = z.infer<typeof compareSourceSchema>;

/** GET /api/debug/transactions/compare */
export const inspectorCompareSchema = z.object({
  ranAt: z.string(),
  durationMs: z.number().int(),
  chainId: z.number().int(),
  token: inspectorTokenSchema,
  /** The synced history ("stored") and every live source the installation can ask for this chain. */
  sources: z.array(compareSourceSchema),
  /** Only one live source is configured for this chain: there is nothing to compare it with. */
  singleSource: z.boolean(),
  /** Transfers every source has. */
  inAll: z.number().int(),
});
export type InspectorCompare = z.infer<typeof inspectorCompareSchema>;
