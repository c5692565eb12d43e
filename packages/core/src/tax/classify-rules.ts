/**
 * The classification rules of README.md ("Classification"), in the table's order and with its row
 * names. Pure: the facts of one record, or of one transaction's netted flows, in; a rule out.
 */
import type { ArrivalKind } from "./declarations-api.ts";
import type { LegEvent, TaxEventKind } from "./types.ts";

/** How money-like an asset is: the native coin and its wrapped form 1, stablecoins 2 when they count as money, else 0. */
export type MoneyRank = 0 | 1 | 2;

/** The table's rows, in its order. */
export type ClassificationRule =
  | "between-own-wallets"
  | "known-distributor"
  | "wrapping"
  | "minted-claim"
  | "paid-with-money"
  | "sold-for-money"
  | "exchange"
  | "received-from-outside"
  | "given-to-outside"
  | "fee-only";

/** The event kind of each rule. */
export const RULE_KIND: Readonly<Record<ClassificationRule, LegEvent["kind"]>> = {
  "between-own-wallets": "transfer",
  "known-distributor": "income",
  wrapping: "transfer",
  "minted-claim": "income",
  "paid-with-money": "buy",
  "sold-for-money": "sell",
  exchange: "swap",
  "received-from-outside": "unknown-in",
  "given-to-outside": "unknown-out",
  "fee-only": "fee-only",
};

/** Rows 1-2, one record at a time; undefined: the record's amount goes into the netted flows. */
export function recordRule(fromOwn: boolean, toOwn: boolean, fromDistributor: boolean): ClassificationRule | undefined {
  if (fromOwn && toOwn) return "between-own-wallets";
  if (toOwn && fromDistributor) return "known-distributor";
  return undefined;
}

/**
 * What is left of one transaction after netting per wallet and asset: either the whole trade (given
 * and received), or one flow of a one-sided transaction, or nothing (only the fee).
 */
export interface NettedFacts {
  /** Netted flows that gave (net < 0) and that received (net > 0). */
  given: number;
  received: number;
  /** One asset given and one received in one wallet, the same amount, native <-> wrapped native. */
  nativeWrap: boolean;
  /** Lowest and highest MoneyRank of what was given, and of what was received. */
  givenRankMin: MoneyRank;
  givenRankMax: MoneyRank;
  receivedRankMin: MoneyRank;
  receivedRankMax: MoneyRank;
  /** The flow (of a receive-only transaction) came only from the zero address. */
  minted: boolean;
  /** An own wallet sent the transaction. */
  sentByUser: boolean;
}

/** Rows 3-10 on the netted flows, first match wins. */
export function decide(f: NettedFacts): ClassificationRule {
  const trade = f.given > 0 && f.received > 0;
  if (trade && f.nativeWrap) return "wrapping";
  if (!trade && f.received > 0 && f.minted && f.sentByUser) return "minted-claim";
  // Everything given is more money-like than anything received (PLS for a token; DAI for PLS).
  if (trade && f.givenRankMin > f.receivedRankMax) return "paid-with-money";
  if (trade && f.receivedRankMin > f.givenRankMax) return "sold-for-money";
  if (trade) return "exchange";
  if (f.received > 0) return "received-from-outside";
  if (f.given > 0) return "given-to-outside";
  return "fee-only";
}

/**
 * How a `received-from-outside` flow arrived (the groups of the open points): minted (every inflow from
 * the zero address) in a transaction the user did not send is an airdrop, anything else from outside.
 */
export function arrivalOf(f: NettedFacts): ArrivalKind {
  return f.minted && !f.sentByUser ? "airdrop" : "from-outside";
}
