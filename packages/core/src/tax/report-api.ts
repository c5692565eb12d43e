/**
 * The wallet-report API (docs/api.md): requests, the job, the result. Used by the server to
 * validate and by the web page to read answers. The result's row types mirror ./types.ts (checked at
 * the bottom of this file), so what the engine returns is what the schema accepts.
 */
import { z } from "zod";
import { exchangeReconciliationSchema } from "../imports/imports-api.ts";
import { walletAddressSchema } from "../portfolio/wallet-api.ts";
import {
  DECLARATION_KINDS,
  forkCostMethodSchema,
  storedDeclarationSchema,
  unknownGroupSchema,
} from "./declarations-api.ts";
import { simpleEventSchema } from "./simple-events.ts";
import type {
  ConsumedLot,
  MissingPriceEntry,
  OpenLot,
  RowDescription,
  TaxSummary,
  UnknownCostEntry,
  WalletReportRow,
  YearFigures,
} from "./types.ts";

/** A tax year is an integer from 2009 to the current year plus 2. */
export const TAX_YEAR_MIN = 2009;
/** Reports are for past years: the select offers the current year and the years back to this one. */
export const TAX_YEAR_FIRST_OFFERED = 2019;

export function taxYearMax(now: Date = new Date()): number {
  return now.getUTCFullYear() + 2;
}

/** The years the select offers, newest first: the current year back to 2019. */
export function offeredTaxYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = now.getUTCFullYear(); y >= TAX_YEAR_FIRST_OFFERED; y--) years.push(y);
  return years;
}

/** The year of a request: message keys name the spec's texts ('Ungültiges Jahr - muss zwischen 2009 und {max} liegen'). */
export function taxYearSchema(now: Date = new Date()) {
  return z.coerce
    .number({ error: "report.taxYearRequired" })
    .int({ message: "report.invalidYear" })
    .min(TAX_YEAR_MIN, { message: "report.invalidYear" })
    .max(taxYearMax(now), { message: "report.invalidYear" });
}

/** At most this many manual entries per report (a CSV upload). */
export const MAX_MANUAL_ENTRIES = 10_000;

/**
 * POST /api/wallet-report and /api/wallet-report-direct. The spec's body (walletAddress, userId, chain)
 * plus the tax year. `scope: "all"` reports all of the user's saved wallets together (the Freigrenze
 * is per person); then walletAddress is ignored. userId and chain are accepted and ignored: the session
 * decides who, and both chains (PulseChain and Ethereum) are always covered.
 */
export function walletReportRequestSchema(now: Date = new Date()) {
  return z
    .object({
      scope: z.enum(["address", "all"]).default("address"),
      walletAddress: z.string().optional(),
      taxYear: taxYearSchema(now),
      userId: z.string().optional(),
      chain: z.string().optional(),
      manualEntries: z.array(simpleEventSchema).max(MAX_MANUAL_ENTRIES).optional(),
    })
    .transform((body, ctx) => {
      if (body.scope === "all") return { ...body, walletAddress: null as `0x${string}` | null };
      const address = walletAddressSchema.safeParse(body.walletAddress ?? "");
      if (!address.success) {
        // A wrong checksum is named as such; every other problem is an invalid address.
        const checksum = address.error.issues.some((i) => i.message === "wallet.badChecksum");
        const message = checksum ? "wallet.badChecksum" : "report.invalidAddress";
        ctx.addIssue({ code: "custom", message, path: ["walletAddress"] });
        return z.NEVER;
      }
      return { ...body, walletAddress: address.data as `0x${string}` | null };
    });
}
export type WalletReportRequest = z.input<ReturnType<typeof walletReportRequestSchema>>;
export type ParsedWalletReportRequest = z.output<ReturnType<typeof walletReportRequestSchema>>;

/** The job's statuses. */
export const TAX_REPORT_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type TaxReportStatus = (typeof TAX_REPORT_STATUSES)[number];
/** Statuses of a start answer that the page treats as running. */
export const RUNNING_START_STATUSES = [
  "pending",
  "processing",
  "fetching_tx",
  "classifying_tx",
  "generating_report",
] as const;
/** What a processing job is doing now. */
export const TAX_REPORT_STEPS = ["fetching_tx", "classifying_tx", "generating_report"] as const;
export type TaxReportStep = (typeof TAX_REPORT_STEPS)[number];

const eur = z.string();
const eurOrNull = z.string().nullable();
/** The report's row types and event kinds (types.ts `ReportTyp`, `TaxEventKind`): the schema's and the page's one list. */
export const REPORT_TYPS = ["Kauf", "Verkauf", "ROI", "Tausch", "Unbekannt", "Transfer", "Gebühr"] as const;
export const TAX_EVENT_KINDS = [
  "buy",
  "sell",
  "swap",
  "income",
  "transfer",
  "unknown-in",
  "unknown-out",
  "fee-only",
  "fork-copy",
] as const;
const reportTyp = z.enum(REPORT_TYPS);
const eventKind = z.enum(TAX_EVENT_KINDS);

export const taxSummarySchema = z.object({
  total: z.number().int(),
  käufe: z.number().int(),
  verkäufe: z.number().int(),
  roi: z.number().int(),
  tausch: z.number().int(),
  unbekannt: z.number().int(),
  steuerpflichtig: z.number().int(),
  steuerfrei: z.number().int(),
  gesamtWertEUR: eur,
  gainTaxable: eur,
  gainTaxFree: eur,
  gainTaxableAfterFreigrenze: eur,
  income22: eur,
  income22AfterFreigrenze: eur,
  freigrenze23Crossed: z.boolean(),
  freigrenze22Crossed: z.boolean(),
  missingPrices: z.number().int(),
  unknownCosts: z.number().int(),
  unknown: z.number().int(),
});

export const consumedLotSchema = z.object({
  use: z.enum(["disposed", "moved"]),
  wallet: z.string(),
  asset: z.string(),
  symbol: z.string().optional(),
  acquired: z.string().nullable(),
  acquiredAt: z.number().nullable(),
  amount: z.string(),
  cost: eurOrNull,
  proceeds: eurOrNull,
  gain: eurOrNull,
  taxFree: z.boolean().nullable(),
  holdingPeriodEnds: z.string().nullable(),
  unknown: z.enum(["unknown-cost", "insufficient-holdings", "missing-price", "no-proceeds"]).optional(),
});

const describedAmountSchema = z.object({ amount: z.string(), symbol: z.string() });
export const declaredStatementSchema = z.object({
  kind: z.enum(DECLARATION_KINDS),
  eur: z.string().optional(),
  acquiredOn: z.string().optional(),
  from: z.string().optional(),
  given: z.string().optional(),
});
export const rowDescriptionSchema = z.object({
  key: z.enum([
    "buy",
    "sell",
    "swap",
    "boughtForEur",
    "soldForEur",
    "income",
    "transfer",
    "wrap",
    "unwrap",
    "unknownIn",
    "unknownOut",
    "feeOnly",
    "stakeStart",
    "stakeEnd",
    "stakeYield",
    "stakePenalty",
    "forkCopy",
    "bridge",
    "bridgeUnmatched",
    "declared",
    "text",
  ]),
  given: z.array(describedAmountSchema),
  received: z.array(describedAmountSchema),
  note: z.string().optional(),
  date: z.string().optional(),
  fromChain: z.number().int().nullable().optional(),
  toChain: z.number().int().nullable().optional(),
  reason: z.enum(["not-found", "not-own"]).optional(),
  /** The user's own statement the row books (declarations.ts). */
  declared: declaredStatementSchema.optional(),
});

/**
 * A row as the API answers it: the engine's row plus `beschreibung`, its description in German (a
 * field of the wallet-report API, written by the server from the German phrase table).
 */
export const reportTransactionSchema = z.object({
  hash: z.string(),
  typ: reportTyp,
  coin_name: z.string(),
  steuerpflichtig: z.union([z.boolean(), z.literal("unknown")]),
  haltefrist_endet: z.string().nullable(),
  wertEUR: eurOrNull,
  token_address: z.string(),
  from_address: z.string(),
  to_address: z.string(),
  block_timestamp: z.string(),
  transaction_fee: eurOrNull,
  description: rowDescriptionSchema,
  beschreibung: z.string(),
  wallet: z.string(),
  kind: eventKind,
  chainId: z.number().int().nullable(),
  time: z.number(),
  date: z.string(),
  amount: z.string(),
  lots: z.array(consumedLotSchema),
  gain: eurOrNull,
  income: eurOrNull,
  priceSource: z.string().nullable(),
  missingPrice: z.boolean(),
});

export const yearFiguresSchema = z.object({
  year: z.number().int(),
  gainTaxable: eur,
  gainTaxFree: eur,
  gainTaxableAfterFreigrenze: eur,
  income22: eur,
  income22AfterFreigrenze: eur,
  freigrenze23: eur,
  freigrenze22: eur,
  freigrenze23Crossed: z.boolean(),
  freigrenze22Crossed: z.boolean(),
  disposals: z.number().int(),
  unknownGains: z.number().int(),
  missingPrices: z.number().int(),
  exact: z.object({ gainTaxable: eur, gainTaxFree: eur, income22: eur }),
});

export const openLotSchema = z.object({
  wallet: z.string(),
  asset: z.string(),
  symbol: z.string(),
  amount: z.string(),
  acquired: z.string().nullable(),
  acquiredAt: z.number().nullable(),
  cost: eurOrNull,
  holdingPeriodEnds: z.string().nullable(),
  taxFreeFrom: z.string().nullable(),
});

export const missingPriceEntrySchema = z.object({
  hash: z.string(),
  time: z.number(),
  date: z.string(),
  wallet: z.string(),
  asset: z.string(),
  symbol: z.string(),
  what: z.enum(["value", "fee", "income"]),
});

export const unknownCostEntrySchema = z.object({
  hash: z.string(),
  time: z.number(),
  date: z.string(),
  wallet: z.string(),
  asset: z.string(),
  symbol: z.string(),
  amount: z.string(),
  reason: z.enum(["unknown-cost", "insufficient-holdings", "no-proceeds"]),
});

/** What the report covered and how it was made: the PDF summary's facts for the tax advisor. */
export const excludedReportTokenSchema = z.object({
  chainId: z.number().int(),
  address: z.string(),
  symbol: z.string(),
  reason: z.enum(["blocklisted", "fork-copy", "fake-symbol", "spam"]),
  transfers: z.number().int(),
});
export type ExcludedReportToken = z.infer<typeof excludedReportTokenSchema>;

export const walletReportMetaSchema = z.object({
  generatedAt: z.string(),
  /** "YYYY-01-01" .. "YYYY-12-31" of the tax year (German calendar). */
  period: z.object({ from: z.string(), to: z.string() }),
  method: z.literal("FIFO"),
  /** The wallets (lower-case) and chains covered. */
  wallets: z.array(z.string()),
  chains: z.array(z.number().int()),
  /** Stored transfers read for the report (all years: FIFO needs the history). */
  transfers: z.number().int(),
  manualEntries: z.number().int(),
  /** Imported exchange accounts the report includes (each a wallet of its own; reports over all wallets). */
  importedAccounts: z.number().int().optional(),
  /** Rows of the year per price source ("defillama", "pulsex", "input", ...; "none" for unknown). */
  priceSources: z.record(z.string(), z.number().int()),
  /** Chains whose history could not be read completely: the report may miss transactions there. */
  incompleteChains: z.array(z.number().int()),
  /**
   * Set when the history of some wallet was not read again for the report because it had been read
   * completely shortly before (the explorer's rate limit): the oldest such read. The report covers what
   * happened until then; absent when every wallet's history was read for the report.
   */
  historyReadAt: z.string().optional(),
  /** Tokens left out by the exclusion rule (spam, fakes, fork copies, blocklist), with the transfers left out. */
  excludedTokens: z.array(excludedReportTokenSchema).optional(),
  /** How the copies PulseChain made at the fork were costed (the user's setting then; older reports: none). */
  forkCost: forkCostMethodSchema.optional(),
  /** When the user's declarations last changed before the report was made ("" when they had none). */
  declarationsVersion: z.string().optional(),
  /** The user's declarations the report applied (the PDF lists them as the user's own statements). */
  declarations: z.array(storedDeclarationSchema).optional(),
});

/** The wallet-report result (address, summary, transactions) plus the engine's figures. */
export const walletReportResultSchema = z.object({
  /** The wallet, or "all" for a report over all saved wallets. */
  address: z.string(),
  year: z.number().int(),
  summary: taxSummarySchema,
  transactions: z.array(reportTransactionSchema),
  years: z.record(z.string(), yearFiguresSchema),
  holdings: z.array(openLotSchema),
  missingPrices: z.array(missingPriceEntrySchema),
  unknownCosts: z.array(unknownCostEntrySchema),
  /**
   * What keeps the year from being complete: the year's disposals of lots of unknown acquisition,
   * grouped by token and arrival (GET /api/tax/unknowns reads it). Absent in reports made before.
   */
  unknowns: z.array(unknownGroupSchema).optional(),
  /** "Abgleich Börsen": per imported account, its moves and DAC8 totals in the year (reports over all wallets with accounts). */
  exchanges: z.array(exchangeReconciliationSchema).optional(),
  meta: walletReportMetaSchema,
});
export type WalletReportResult = z.infer<typeof walletReportResultSchema>;
export type WalletReportMeta = z.infer<typeof walletReportMetaSchema>;

/** GET /api/wallet-report/:id (and every SSE `job` event): the tax_reports row. */
export const taxReportJobSchema = z.object({
  id: z.string(),
  status: z.enum(TAX_REPORT_STATUSES),
  step: z.enum(TAX_REPORT_STEPS).nullable(),
  processed_batches: z.number().int(),
  total_batches: z.number().int(),
  /**
   * While the wallets' history is read: records loaded so far and about how many there are (the explorer's
   * counters; null when it cannot say). Absent from older servers and before the history is read.
   */
  sync_loaded: z.number().int().nullable().optional(),
  sync_expected: z.number().int().nullable().optional(),
  error: z.string().nullable(),
  summary: taxSummarySchema.nullable(),
  scope: z.enum(["address", "all"]),
  address: z.string().nullable(),
  year: z.number().int(),
  /** A monthly archive's month ("2026-12"); absent for the user's own reports. */
  archive_month: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * A completed report made before the user's declarations (or fork cost setting) last changed:
   * running it again shows their effect. Absent from older servers.
   */
  stale: z.boolean().optional(),
});
export type TaxReportJob = z.infer<typeof taxReportJobSchema>;

/** POST /api/wallet-report answer (docs/api.md: status, report, jobId, details, error). */
export const walletReportStartResponseSchema = z.object({
  status: z.string(),
  jobId: z.string().optional(),
  report: walletReportResultSchema.nullable().optional(),
  details: z.string().optional(),
  error: z.unknown().optional(),
});
export type WalletReportStartResponse = z.infer<typeof walletReportStartResponseSchema>;

/** POST /api/wallet-report-direct answer: the spec's fields plus the whole result. */
export const walletReportDirectResponseSchema = walletReportResultSchema.extend({
  success: z.literal(true),
  wallet_address: z.string(),
  chains: z.array(z.number().int()),
  total_transactions: z.number().int(),
});
export type WalletReportDirectResponse = z.infer<typeof walletReportDirectResponseSchema>;

/** The direct analysis answers at once only up to this many stored transfers; larger ones need the job. */
export const DIRECT_REPORT_MAX_TRANSFERS = 5_000;

/**
 * Report jobs one user may have waiting or running at once: one user's backlog cannot fill the queue
 * that every user's reports share (a further start answers 429 TOO_MANY_REPORTS).
 */
export const MAX_OPEN_REPORTS_PER_USER = 3;

/** Progress in percent: the rounded share processed / total. */
export function reportProgressPercent(job: Pick<TaxReportJob, "processed_batches" | "total_batches">): number {
  if (job.total_batches <= 0) return 0;
  return Math.min(100, Math.round((job.processed_batches / job.total_batches) * 100));
}

// The schemas above and the engine's interfaces must describe the same objects.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<z.infer<typeof reportTransactionSchema>, WalletReportRow>,
  Same<z.infer<typeof rowDescriptionSchema>, RowDescription>,
  Same<z.infer<typeof consumedLotSchema>, ConsumedLot>,
  Same<z.infer<typeof taxSummarySchema>, TaxSummary>,
  Same<z.infer<typeof yearFiguresSchema>, YearFigures>,
  Same<z.infer<typeof openLotSchema>, OpenLot>,
  Same<z.infer<typeof missingPriceEntrySchema>, MissingPriceEntry>,
  Same<z.infer<typeof unknownCostEntrySchema>, UnknownCostEntry>,
] = [true, true, true, true, true, true, true, true];
void sameShapes;
