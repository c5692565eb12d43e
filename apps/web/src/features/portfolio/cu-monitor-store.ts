import { CU_KEEP } from "@pulsemanager/core";
import { useSyncExternalStore } from "react";

// The monitor's limits, cost and bands are core's: one rule for this monitor and the debug page.
export { CU_COST_USD, CU_KEEP, CU_SHOW, type CuBand, cuBand } from "@pulsemanager/core";
/** Our estimate per upstream call of a fresh load. */
export const CU_PER_API_CALL = 5;

/** An estimate: nothing when answered from the cache, else 5 per upstream call. */
export function estimateComputeUnits(load: { fromCache: boolean; apiCalls: number }): number {
  return load.fromCache ? 0 : Math.max(0, load.apiCalls) * CU_PER_API_CALL;
}

export interface CuEntry {
  id: number;
  at: number;
  endpoint: string;
  fromCache: boolean;
  apiCalls: number;
  units: number;
}

/** Keeps the newest `keep` entries, newest first. */
export function pushEntry(list: readonly CuEntry[], entry: CuEntry, keep = CU_KEEP): CuEntry[] {
  return [entry, ...list].slice(0, keep);
}

let entries: CuEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

/** Called by every portfolio load (GET or refresh); kept in memory only. */
export function recordPortfolioLoad(
  endpoint: string,
  load: { fromCache: boolean; apiCalls: number },
  at: number = Date.now(),
): void {
  entries = pushEntry(entries, {
    id: nextId++,
    at,
    endpoint,
    fromCache: load.fromCache,
    apiCalls: load.apiCalls,
    units: estimateComputeUnits(load),
  });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCuEntries(): CuEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
}
