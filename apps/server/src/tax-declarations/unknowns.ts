import {
  eurCents,
  parseEur,
  reportCompleteness,
  type StoredDeclaration,
  type TaxUnknownsResponse,
  type UnknownGroup,
  yearCompleteness,
} from "@pulsemanager/core";
import type { Db } from "../db/client.ts";
import { readReportSettings } from "../settings/settings-store.ts";
import { isStale, type ReportStore } from "../tax-report/report-store.ts";
import { type ResultHead, readResultHead } from "../tax-report/result-head.ts";
import { arrivalId, readDeclarations } from "./declaration-store.ts";

/** The groups without the arrivals declared meanwhile; a group with none left is gone. */
export function withoutDeclared(
  groups: readonly UnknownGroup[],
  declared: readonly StoredDeclaration[],
): UnknownGroup[] {
  const done = new Set(declared.map(arrivalId));
  const left: UnknownGroup[] = [];
  for (const g of groups) {
    const arrivals = g.arrivals.filter((a) => !done.has(arrivalId(a)));
    if (arrivals.length === 0) continue;
    if (arrivals.length === g.arrivals.length) {
      left.push(g);
      continue;
    }
    const atStake = arrivals.reduce((sum, a) => sum + (a.eurAtStake === null ? 0n : parseEur(a.eurAtStake)), 0n);
    left.push({ ...g, arrivals, eurAtStake: eurCents(atStake) });
  }
  return left;
}

/** Complete: nothing left on the list, no price missing, every chain read to the end. */
export function yearIsComplete(head: ResultHead, groups: readonly UnknownGroup[]): boolean {
  const gaps = reportCompleteness(head);
  return yearCompleteness({
    unknowns: groups,
    missingPrices: gaps.missingPrices,
    incompleteChains: gaps.incompleteChains,
  });
}

/**
 * GET /api/tax/unknowns: the open points of a year from the newest completed report over all the
 * user's wallets, less what the user declared since. A report made before the list existed (no
 * `unknowns` in its result) cannot tell them: the answer is as without a report.
 */
export async function taxUnknowns(
  deps: { db: Db; store: ReportStore },
  userId: string,
  year: number,
): Promise<TaxUnknownsResponse> {
  const declarations = await readDeclarations(deps.db, userId);
  const none: TaxUnknownsResponse = { year, report: null, groups: [], declarations, complete: false };
  const row = await deps.store.newestCompletedAll(userId, year);
  if (!row) return none;
  const head = await readResultHead(row.result);
  if (!head.unknowns) return none;
  const groups = withoutDeclared(head.unknowns, declarations);
  const basis = await readReportSettings(deps.db, userId);
  return {
    year,
    report: { id: row.id, generatedAt: head.meta.generatedAt, stale: isStale(row, basis) },
    groups,
    declarations,
    complete: yearIsComplete(head, groups),
  };
}
