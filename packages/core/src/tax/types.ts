/**
 * Types of the German tax engine. Events go in (from classifyTransfers, from the simple event format
 * of manual entries and the command line, or both), a TaxReport comes out. See README.md beside this
 * file for the rules and the decisions.
 */

import type { ChainFork } from "../chains/chain-fork.ts";
import type { ArrivalKind, DeclarationKind, ForkCostMethod } from "./declarations-api.ts";
import type { StakePhase } from "./stake-events.ts";

/** What an event is, seen from the user's own wallets. */
export type TaxEventKind =
  /** Something acquired against the native coin (or EUR outside the chain): "Kauf". */
  | "buy"
  /** Something given for the native coin (or EUR outside the chain): "Verkauf". */
  | "sell"
  /** Token for token: "Tausch". */
  | "swap"
  /** Received without giving anything (rewards, printer payouts, stake payouts): "ROI". */
  | "income"
  /** Between the user's own wallets (or wrapping the native coin): lots move, no disposal. */
  | "transfer"
  /** Arrived from outside with no known consideration: "Unbekannt", cost unknown. */
  | "unknown-in"
  /** Left to an outside address with nothing back (payment, gift, loss?): "Unbekannt". */
  | "unknown-out"
  /** Only the network fee was paid (approve, a claim with nothing to claim). */
  | "fee-only"
  /** A chain fork copied the open lots to the copy chain (`forkCopy` says which): no disposal, one row per asset. */
  | "fork-copy";

/** The type shown in the report: the spec's five plus own-wallet transfers and fee-only transactions. */
export type ReportTyp = "Kauf" | "Verkauf" | "ROI" | "Tausch" | "Unbekannt" | "Transfer" | "Gebühr";

/** Whether a row is taxable (the API's `steuerpflichtig`): true, false or "unknown". */
export type Taxability = boolean | "unknown";

export interface TaxLeg {
  /** One of the user's wallets: a lower-case address, or any label ("W1") outside the chain. */
  wallet: string;
  /** The asset: `${chainId}:${address}` / `${chainId}:native` for chain tokens, any label otherwise. Never a symbol. */
  asset: string;
  /** Base units (whole tokens x 10^decimals of the asset), > 0. */
  amount: bigint;
  /** The outside address on the other side, for the report's from/to columns. */
  counterparty?: string;
}

/**
 * One event of the engine's input. A discriminated union on `kind`: a "fork-copy" carries what it copies;
 * every other kind is a move of legs (the engine handles each kind in one exhaustive switch).
 */
export type TaxEvent = LegEvent | ForkCopyEvent;

/** Every kind but "fork-copy": legs given and received. */
export interface LegEvent extends TaxEventFields {
  kind: Exclude<TaxEventKind, "fork-copy">;
  forkCopy?: undefined;
}

/** The chain fork's copy of open lots (`forkCopy` says which). */
export interface ForkCopyEvent extends TaxEventFields {
  kind: "fork-copy";
  forkCopy: ForkCopySpec;
}

/** What every event has, whatever its kind. */
export interface TaxEventFields {
  /** Unix seconds. */
  time: number;
  /** What left the user's wallets (for "transfer": the source of each move). */
  given: TaxLeg[];
  /** What arrived (for "transfer": the destination of each move, same order and amount as `given`). */
  received: TaxLeg[];
  /**
   * The EUR market value of the consideration as a decimal string, when the input knows it (the
   * simple event format). Without it the engine prices the legs with the PriceLookup.
   */
  eur?: string;
  /** The fee in EUR as a decimal string; overrides pricing `fee`. */
  feeEur?: string;
  /** The network fee in the native coin: taken from that wallet's lots and valued at its price. */
  fee?: TaxLeg;
  /** Which side to price first when `eur` is absent (default "received"; falls back to the other). */
  valueFrom?: "given" | "received";
  /** The report type; default from `kind`. */
  typ?: ReportTyp;
  txHash?: string;
  chainId?: number;
  blockNumber?: number;
  /** An identifier for events without a hash (manual entries): shown as the report's hash. */
  id?: string;
  /** Added to the report's description. */
  note?: string;
  /** A transfer that wraps the native coin or unwraps it (set by the classification). */
  wrap?: "wrap" | "unwrap";
  /** Part of a HEX stake (set by the classification from the stake contract's events). */
  stake?: { id: string; phase: StakePhase };
  /** How an `unknown-in` arrived (set by the classification; default "from-outside"). */
  arrival?: ArrivalKind;
  /**
   * Unix seconds of the acquisition of what this event acquires, when it is not `time` (a declared
   * purchase): the lot takes its place in the FIFO queue by it. Set by the engine for declared arrivals.
   */
  acquiredAt?: number;
  /** The user's own statement this event books (set by the engine for declared arrivals; declarations.ts). */
  declared?: DeclaredStatement;
  /** A move over the bridge between chains, or one side of it without its counterpart (classify-bridge.ts). */
  bridge?: BridgeInfo;
}

/**
 * What a "fork-copy" event copies, at the event's time. Every open lot keeps its acquisition time,
 * day and order; the copy's cost follows ComputeOptions.forkCost. The originals stay where they are.
 */
export type ForkCopySpec =
  /**
   * The classification's copy at the fork instant: in every wallet of the lot book, every open lot of
   * an asset of `parentChainId` ("1:native", "1:0x..") to the same wallet's `copyAsset(asset)`
   * (null: that copy is left out).
   */
  | {
      scope: "chain";
      /** Unix seconds of the fork instant (the description's date). */
      forkTime: number;
      parentChainId: number;
      chainId: number;
      copyAsset: (parentAsset: string) => string | null;
    }
  /** One asset of one wallet (the command line's `fork-copy`): the open lots of `asset` in `wallet` as `toAsset` in `toWallet`. */
  | { scope: "asset"; forkTime: number; wallet: string; asset: string; toWallet: string; toAsset: string };

/** The bridge facts of an event (set by the classification from BridgeMoves, or by the simple format's `bridge`). */
export interface BridgeInfo {
  /** The chain the tokens left. */
  fromChainId: number | null;
  /** The chain they arrived on. */
  toChainId: number | null;
  /** Only one side was found: why (the event is then an unknown-in or unknown-out). */
  unmatched?: "not-found" | "not-own";
}

/** What the user declared about an arrival (declarations.ts), as a row shows it. */
export interface DeclaredStatement {
  kind: DeclarationKind;
  /** EUR, decimal string (cost, own-transfer, sacrifice). */
  eur?: string;
  /** "YYYY-MM-DD" (cost, own-transfer, sacrifice). */
  acquiredOn?: string;
  /** The own wallet or exchange account the units came from (own-transfer). */
  from?: string;
  /** What was given for the sacrifice, as the user wrote it ("1.5 ETH"). */
  given?: string;
}

/** EUR per whole token of an asset at a time. */
export interface EurPriceQuote {
  /** EUR per whole token as a decimal string (never a float). */
  eur: string;
  /** Where the price came from (a PriceSource label, "ecb" conversions, "manual" ...). */
  source: string;
}

/** The engine's only way to prices: undefined when there is none (reported as missing, never zero). */
export type EurPriceLookup = (asset: string, unixSeconds: number) => EurPriceQuote | undefined;

export interface AssetInfo {
  symbol: string;
  decimals: number;
  name?: string;
}

/** Symbol and decimals of an asset key; missing ones default to the key itself and 18 decimals. */
export type AssetInfoLookup = (asset: string) => AssetInfo | undefined;

/** Why a value is unknown. */
export type UnknownReason =
  /** The tokens arrived from outside with no known cost. */
  | "unknown-cost"
  /**
   * More was given than the wallet held, or the units were moved in from an own wallet that did not
   * hold them: they have no known acquisition (nor cost).
   */
  | "insufficient-holdings"
  /** No price for the value or the fee. */
  | "missing-price"
  /** Left to an outside address: no proceeds known. */
  | "no-proceeds";

/** One lot (or part of one) that an event used. EUR values are exact decimal strings. */
export interface ConsumedLot {
  /** "disposed" for sales and swaps (and unknown outflows), "moved" for own-wallet transfers. */
  use: "disposed" | "moved";
  wallet: string;
  /** The asset the lot is of (the key; never a symbol). */
  asset: string;
  /**
   * That asset's symbol: what a lot line names (a buy paid with PLS uses PLS lots, not the token
   * bought). Absent in reports stored before lots had it (see lotSymbol).
   */
  symbol?: string;
  /** German acquisition date "YYYY-MM-DD"; null when unknown (given or moved more than held). */
  acquired: string | null;
  /** Unix seconds of the acquisition; null when unknown. */
  acquiredAt: number | null;
  /** Whole tokens. */
  amount: string;
  /** Acquisition cost of this part incl. purchase fees, EUR; null when unknown. */
  cost: string | null;
  /** Proceeds after sale costs, EUR; null when unknown or for moves. */
  proceeds: string | null;
  /** proceeds - cost, EUR; null when either is unknown or for moves. */
  gain: string | null;
  /** Disposed after the one-year period; null when the acquisition date is unknown or for moves. */
  taxFree: boolean | null;
  /** The last taxable day of this lot ("YYYY-MM-DD"); null when unknown. */
  holdingPeriodEnds: string | null;
  unknown?: UnknownReason;
}

/**
 * What a row's description says, as a key: the words are added where the row is shown (the German
 * phrase table of description-de.ts for the CSV, the PDF and the command line; the web page's i18n).
 * "boughtForEur" / "soldForEur": a buy or sell with one side only (outside the chain), read with the
 * row's value. "text": a description that is only text (`note`), from a report stored before
 * descriptions had keys; shown as it is in every language.
 */
export type DescriptionKey =
  | "buy"
  | "sell"
  | "swap"
  | "boughtForEur"
  | "soldForEur"
  | "income"
  | "transfer"
  | "wrap"
  | "unwrap"
  | "unknownIn"
  | "unknownOut"
  | "feeOnly"
  | "stakeStart"
  | "stakeEnd"
  | "stakeYield"
  | "stakePenalty"
  | "forkCopy"
  | "bridge"
  | "bridgeUnmatched"
  | "declared"
  | "text";

/** An amount in a description: whole tokens, exact (the text rounds it for reading), and its symbol. */
export interface DescribedAmount {
  amount: string;
  symbol: string;
}

export interface RowDescription {
  key: DescriptionKey;
  given: DescribedAmount[];
  received: DescribedAmount[];
  /** The event's own note (manual entries), shown as it is. */
  note?: string;
  /** forkCopy: the German calendar date "YYYY-MM-DD" of the fork. */
  date?: string;
  /** bridge, bridgeUnmatched: the chain the tokens left and the chain they arrived on (null: not a chain). */
  fromChain?: number | null;
  toChain?: number | null;
  /** bridgeUnmatched: why the other side is missing. */
  reason?: "not-found" | "not-own";
  /** The user's own statement the row books (a declared arrival, or declared missing units of a disposal). */
  declared?: DeclaredStatement;
}

/** A report transaction (the fields the page and the CSV show) plus what the engine knows about it. */
export interface ReportTransaction {
  hash: string;
  typ: ReportTyp;
  coin_name: string;
  steuerpflichtig: Taxability;
  /** The last taxable day (see README): of the lot acquired, or for disposals the latest of the lots used. */
  haltefrist_endet: string | null;
  /** EUR, 2 decimals; null when unknown (missing price). */
  wertEUR: string | null;
  token_address: string;
  from_address: string;
  to_address: string;
  /** ISO 8601 UTC. */
  block_timestamp: string;
  /** Fee in EUR, 2 decimals; "0.00" when none was paid; null when its price is missing. */
  transaction_fee: string | null;
  /** What happened, as a key and its amounts (written in a language where the row is shown). */
  description: RowDescription;
  /** The wallet the row is about (the giving side, else the receiving side). */
  wallet: string;
  kind: TaxEventKind;
  chainId: number | null;
  /** Unix seconds. */
  time: number;
  /** German calendar date "YYYY-MM-DD". */
  date: string;
  /** The main asset's amount in whole tokens. */
  amount: string;
  /** The lots this event disposed of or moved, in consumption order. */
  lots: ConsumedLot[];
  /** Sum of the lots' gains (exact EUR); null when any is unknown or nothing was disposed. */
  gain: string | null;
  /** Income under §22 Nr. 3 (exact EUR) for "income" events. */
  income: string | null;
  /** Where the value came from: "input", a price source label, or null when unknown. */
  priceSource: string | null;
  /** A price needed for this row was missing. */
  missingPrice: boolean;
}

/** A row as the wallet-report API answers it: with `beschreibung`, the description in German (description-de.ts). */
export type WalletReportRow = ReportTransaction & { beschreibung: string };

/** The figures of one calendar year (names as in the worked tax cases), EUR with 2 decimals. */
export interface YearFigures {
  year: number;
  /** Net §23 gain (or loss) of disposals inside the one-year period. */
  gainTaxable: string;
  /** Gains of disposals after it. */
  gainTaxFree: string;
  gainTaxableAfterFreigrenze: string;
  income22: string;
  income22AfterFreigrenze: string;
  /** The §23 Freigrenze of the year (600 up to 2023, 1000 from 2024). */
  freigrenze23: string;
  /** The §22 Nr. 3 Freigrenze (256). */
  freigrenze22: string;
  /** gainTaxable reached the Freigrenze: all of it is taxable. */
  freigrenze23Crossed: boolean;
  freigrenze22Crossed: boolean;
  /** Disposed lots in the year (parts of lots count each). */
  disposals: number;
  /** Disposed lots whose gain is unknown: the figures leave them out and are incomplete. */
  unknownGains: number;
  /** Missing prices in the year. */
  missingPrices: number;
  /** The same figures exact (no rounding). */
  exact: { gainTaxable: string; gainTaxFree: string; income22: string };
}

export interface MissingPriceEntry {
  hash: string;
  time: number;
  date: string;
  wallet: string;
  asset: string;
  symbol: string;
  /** What could not be valued. */
  what: "value" | "fee" | "income";
}

/**
 * Units with an unknown cost or without proceeds, listed at the event that makes it matter: an
 * arrival from outside, a disposal (or a network fee) using units of unknown acquisition (also ones
 * moved in beyond what the sending wallet held), an outflow to an outside address.
 */
export interface UnknownCostEntry {
  hash: string;
  time: number;
  date: string;
  wallet: string;
  asset: string;
  symbol: string;
  /** Whole tokens. */
  amount: string;
  reason: "unknown-cost" | "insufficient-holdings" | "no-proceeds";
}

/** A lot still held at the end of the report. */
export interface OpenLot {
  wallet: string;
  asset: string;
  symbol: string;
  /** Whole tokens. */
  amount: string;
  acquired: string | null;
  acquiredAt: number | null;
  /** Exact EUR; null when unknown. */
  cost: string | null;
  /** Last taxable day; null when unknown. */
  holdingPeriodEnds: string | null;
  /** First tax-free day; null when unknown. */
  taxFreeFrom: string | null;
}

/** The spec's wallet-report summary plus the engine's figures (for the report year, or all years). */
export interface TaxSummary {
  total: number;
  käufe: number;
  verkäufe: number;
  roi: number;
  tausch: number;
  unbekannt: number;
  /** Rows with steuerpflichtig true. */
  steuerpflichtig: number;
  /** Rows with steuerpflichtig false. */
  steuerfrei: number;
  /** Sum of the rows' known wertEUR, 2 decimals. */
  gesamtWertEUR: string;
  gainTaxable: string;
  gainTaxFree: string;
  gainTaxableAfterFreigrenze: string;
  income22: string;
  income22AfterFreigrenze: string;
  freigrenze23Crossed: boolean;
  freigrenze22Crossed: boolean;
  missingPrices: number;
  unknownCosts: number;
  /** Rows whose steuerpflichtig is "unknown". */
  unknown: number;
}

export interface TaxReport {
  /** The report year, or null for all years. */
  year: number | null;
  transactions: ReportTransaction[];
  summary: TaxSummary;
  /** Figures per calendar year ("2024": ...) for every year with events (up to the report year). */
  years: Record<string, YearFigures>;
  /** Lots still open at the end of the report year (or of all events). */
  holdings: OpenLot[];
  missingPrices: MissingPriceEntry[];
  unknownCosts: UnknownCostEntry[];
  /**
   * What the report year's disposals (sales, swaps, purchases paid with it) used of lots of unknown
   * acquisition or cost, per arrival (unknown-arrivals.ts); lots never disposed of are not here.
   */
  unknownArrivals: UnknownArrivalEntry[];
}

/** One arrival of units of unknown acquisition or cost, and what the report year's disposals used of it. */
export interface UnknownArrivalEntry {
  kind: ArrivalKind;
  /** The arrival's transaction (for insufficient holdings and sacrifice: the disposal's), or the event's id. */
  hash: string;
  chainId: number | null;
  /** The token's address or "native" (for an asset outside a chain: the asset label). */
  token: string;
  wallet: string;
  asset: string;
  symbol: string;
  /** German date "YYYY-MM-DD" and unix seconds of the arrival. */
  arrivedOn: string;
  arrivedAt: number;
  /** Whole tokens that arrived (insufficient holdings: that were missing at that event). */
  amount: string;
  /** Whole tokens of it the report year's disposals used. */
  disposedAmount: string;
  /** EUR proceeds of those disposals, 2 decimals; null when a proceeds value is unknown. */
  eurAtStake: string | null;
}

export interface ComputeOptions {
  /** Report this German calendar year: rows of the year, holdings at its end. Default: everything. */
  year?: number;
  /** Symbol and decimals per asset (default: the key and 18). */
  assets?: AssetInfoLookup;
  /**
   * Build the report rows (default true). false: figures, holdings and the missing / unknown lists
   * only (summary counts of rows are then 0) - for dashboards, and the fastest way through a long history.
   */
  rows?: boolean;
  /** The cost of the lots a fork copies (README.md, "The PulseChain fork"): "zero" (default) or "split". */
  forkCost?: ForkCostMethod;
  /**
   * The user's declarations in the engine's terms (declarations.ts: `declaredArrivals`): declared
   * arrivals are booked as what the user said, missing units of a declared disposal get its date and cost.
   */
  declared?: readonly DeclaredArrival[];
  /** The chain fork whose native coin missing after the fork is the sacrifice (PULSECHAIN_FORK). */
  chainFork?: ChainFork;
}

/** A declaration keyed as the engine sees events: the row's hash, the wallet and the asset key. */
export interface DeclaredArrival extends DeclaredStatement {
  /** The event's txHash (lower case), or a manual entry's id. */
  hash: string;
  wallet: string;
  /** `${chainId}:${token}`, or the label of an asset outside a chain. */
  asset: string;
}
