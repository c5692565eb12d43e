import type { PortfolioWallet, ReadFailureReason } from "@pulsemanager/core";

export interface UnreadChain {
  chainId: number;
  reason: ReadFailureReason;
}

/**
 * What a wallet line shows as its value: nothing before the portfolio loaded; the value; the value of
 * the chains that were read and which were not; or, when no chain could be read, that it could not
 * be read (never 0 as if it were a fact).
 */
export type WalletValueView =
  | { kind: "pending" }
  | { kind: "read"; value: string }
  | { kind: "partial"; value: string; unread: UnreadChain[] }
  | { kind: "unread"; unread: UnreadChain[] };

export function walletValueView(values: PortfolioWallet | undefined): WalletValueView {
  if (!values) return { kind: "pending" };
  const unread = values.chains.flatMap((c) => (c.readFailure ? [{ chainId: c.chainId, reason: c.readFailure }] : []));
  if (unread.length === 0) return { kind: "read", value: values.value };
  if (unread.length === values.chains.length) return { kind: "unread", unread };
  return { kind: "partial", value: values.value, unread };
}
