import type { NormalizedTransfer } from "../chains/transfer.ts";
import { type ClassifyOptions, forEachTaxEvent, type OwnWallet } from "./classify.ts";
import { declaredArrivals } from "./declarations.ts";
import { TaxEngine } from "./engine.ts";
import type { ComputeOptions, EurPriceLookup, TaxEvent, TaxReport } from "./types.ts";

export interface TransfersReportOptions extends ComputeOptions, ClassifyOptions {
  /** Manual entries (opening balances, purchases outside the chain): merged by time, before chain events of the same second. */
  extraEvents?: readonly TaxEvent[];
}

/**
 * Transfers of the user's wallets straight to the report: classification streams into the engine,
 * so the events are never all held at once (the server's report job uses this).
 */
export function taxReportFromTransfers(
  transfers: readonly NormalizedTransfer[],
  ownWallets: readonly OwnWallet[],
  prices: EurPriceLookup | undefined,
  opts: TransfersReportOptions = {},
): TaxReport {
  const declared = opts.declared ?? (opts.declarations ? declaredArrivals(opts.declarations) : undefined);
  const engine = new TaxEngine(prices, {
    year: opts.year,
    assets: opts.assets,
    rows: opts.rows,
    declared,
    chainFork: opts.chainFork,
  });
  const extra = [...(opts.extraEvents ?? [])].sort((a, b) => a.time - b.time);
  let next = 0;
  forEachTaxEvent(transfers, ownWallets, opts, (event) => {
    while (next < extra.length && (extra[next] as TaxEvent).time <= event.time) {
      if (!engine.add(extra[next++] as TaxEvent)) return false;
    }
    return engine.add(event);
  });
  while (next < extra.length) if (!engine.add(extra[next++] as TaxEvent)) break;
  return engine.finish();
}
