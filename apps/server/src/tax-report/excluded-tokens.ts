import { type ExcludedReportToken, exclusionReason, NATIVE, type NormalizedTransfer } from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import type { TokenFact } from "../ledger/token-facts.ts";

/**
 * The tokens of a history that the one exclusion rule (core's exclusionReason, as in the portfolio)
 * leaves out of the report: spam, fakes of known tokens, fork copies, the operator's blocklist. They
 * are listed with their reason and the number of transfers left out. Tokens the user included back
 * (`included`, "chainId:address") count like any other, unless blocklisted.
 */
export function excludedReportTokens(
  transfers: readonly NormalizedTransfer[],
  facts: (key: string) => Pick<TokenFact, "symbol" | "name"> | undefined,
  chain: Pick<ChainServices, "registry" | "tokenBlocklist">,
  included: ReadonlySet<string> = new Set(),
): Map<string, ExcludedReportToken> {
  const excluded = new Map<string, ExcludedReportToken>();
  const judged = new Set<string>();
  for (const t of transfers) {
    if (t.token === NATIVE) continue;
    const key = `${t.chainId}:${t.token}`;
    const known = excluded.get(key);
    if (known) {
      known.transfers++;
      continue;
    }
    if (judged.has(key)) continue;
    judged.add(key);
    const f = facts(key) ?? { symbol: "?", name: "" };
    const reason = exclusionReason(
      { chainId: t.chainId, address: t.token, symbol: f.symbol, name: f.name },
      chain.registry,
      chain.tokenBlocklist,
      included,
    );
    if (reason) excluded.set(key, { chainId: t.chainId, address: t.token, symbol: f.symbol, reason, transfers: 1 });
  }
  return excluded;
}
