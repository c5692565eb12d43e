import {
  type InspectorCompare,
  type InspectorDiagnostic,
  type InspectorPage,
  type InspectorQuery,
  type InspectorTransaction,
  inspectorCompareSchema,
  inspectorDiagnosticSchema,
  inspectorPageSchema,
  inspectorQuerySchema,
} from "@pulsemanager/core";
import { api } from "../../lib/api.ts";
import { fieldErrors } from "../../lib/form-errors.ts";

function search(q: InspectorQuery, cursor?: string): string {
  const params = new URLSearchParams({ address: q.address, chainId: String(q.chainId), token: q.token });
  if (cursor) params.set("cursor", cursor);
  return params.toString();
}

/** The transaction inspector's three calls (the user's own saved wallets only). */
export const inspectorApi = {
  /** GET /api/debug/transactions: one page of the synced transfers (the first page syncs new blocks). */
  async page(q: InspectorQuery, cursor?: string, signal?: AbortSignal): Promise<InspectorPage> {
    return inspectorPageSchema.parse(await api<unknown>(`/api/debug/transactions?${search(q, cursor)}`, { signal }));
  },
  /** GET /api/debug/transactions/diagnostic: each chain asked live, and the synced history. */
  async diagnostic(q: InspectorQuery): Promise<InspectorDiagnostic> {
    return inspectorDiagnosticSchema.parse(await api<unknown>(`/api/debug/transactions/diagnostic?${search(q)}`));
  },
  /** GET /api/debug/transactions/compare: the history sources side by side. */
  async compare(q: InspectorQuery): Promise<InspectorCompare> {
    return inspectorCompareSchema.parse(await api<unknown>(`/api/debug/transactions/compare?${search(q)}`));
  },
};

/** The form's values checked with the server's own schema: the query, or a message key per field. */
export function validateInspectorInput(input: {
  address: string;
  chainId: number;
  token: string;
}): { ok: true; query: InspectorQuery } | { ok: false; fields: Record<string, string> } {
  const parsed = inspectorQuerySchema.safeParse({ ...input, chainId: String(input.chainId) });
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false, fields: fieldErrors(parsed) };
}

export interface LoadProgress {
  /** 0-100. */
  percent: number;
  loaded: number;
  total: number;
}

export interface LoadedTransactions {
  transactions: InspectorTransaction[];
  total: number;
  roiIncomeTotal: number;
  token: InspectorPage["token"];
  partial: boolean;
  problems: string[];
}

/** The answer did not move the cursor on: the load stops instead of asking forever. */
export class StuckCursorError extends Error {
  constructor() {
    super("the transaction list did not advance");
  }
}

/**
 * Every page of a wallet's transfers of the token, reporting progress after each page (100 at the
 * end). Rejects on the first failed page.
 */
export async function loadAllTransactions(
  q: InspectorQuery,
  onProgress: (p: LoadProgress) => void,
  fetchPage: (q: InspectorQuery, cursor?: string) => Promise<InspectorPage> = (query, cursor) =>
    inspectorApi.page(query, cursor),
): Promise<LoadedTransactions> {
  const transactions: InspectorTransaction[] = [];
  let cursor: string | undefined;
  let first: InspectorPage | undefined;
  for (;;) {
    const page = await fetchPage(q, cursor);
    first ??= page;
    transactions.push(...page.transactions);
    const total = Math.max(first.total, transactions.length);
    if (!page.nextCursor) break;
    if (page.nextCursor === cursor || page.transactions.length === 0) throw new StuckCursorError();
    onProgress({
      percent: Math.min(99, Math.floor((transactions.length / Math.max(1, total)) * 100)),
      loaded: transactions.length,
      total,
    });
    cursor = page.nextCursor;
  }
  onProgress({ percent: 100, loaded: transactions.length, total: transactions.length });
  return {
    transactions,
    total: transactions.length,
    roiIncomeTotal: first.roiIncomeTotal,
    token: first.token,
    partial: first.partial,
    problems: first.problems,
  };
}
