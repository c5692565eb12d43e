import type { PortfolioResult, ReadFailureReason } from "@pulsemanager/core";

/** One line of the load error: a chain, why it could not be read, and how many addresses it missed. */
export interface ReadFailureLine {
  chainId: number;
  reason: ReadFailureReason;
  wallets: number;
}

/** The result's read failures by chain and reason, in the order the chains were read. */
export function readFailureLines(result: Pick<PortfolioResult, "readFailures">): ReadFailureLine[] {
  const lines = new Map<string, { chainId: number; reason: ReadFailureReason; wallets: Set<string> }>();
  for (const f of result.readFailures ?? []) {
    const key = `${f.chainId}:${f.reason}`;
    const line = lines.get(key) ?? { chainId: f.chainId, reason: f.reason, wallets: new Set<string>() };
    for (const address of f.walletAddresses) line.wallets.add(address);
    lines.set(key, line);
  }
  return [...lines.values()].map((l) => ({ chainId: l.chainId, reason: l.reason, wallets: l.wallets.size }));
}

/** What the token table says when it has no row: nothing found, or nothing could be read. */
export function emptyTableKey(
  result: Pick<PortfolioResult, "tokens" | "readFailures">,
): "table.empty" | "table.unread" {
  return result.tokens.length === 0 && (result.readFailures ?? []).length > 0 ? "table.unread" : "table.empty";
}
