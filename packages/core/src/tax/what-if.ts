/**
 * What a sale would mean: the sale as one more event of the engine (a "sell" at a moment after the
 * stored history, with the proceeds in EUR), and its outcome read off the engine's row and the
 * year's figures without and with it. The same engine and rules as the wallet report: a report of
 * the year with this sale added gives the same figures.
 */
import { eurCents, eurExact, parseEur } from "./fixed.ts";
import { dayOfIso, isoDate } from "./holding-period.ts";
import { valueAt } from "./open-lots.ts";
import type { WhatIfLot, WhatIfResponse, YearRoom } from "./planning-api.ts";
import type { ConsumedLot, LegEvent, ReportTransaction } from "./types.ts";

/** The id of the sale's event and row. */
export const WHAT_IF_ID = "what-if-sale";

export interface WhatIfSale {
  wallet: string;
  asset: string;
  /** Base units. */
  amount: bigint;
  /** Whole tokens, as typed. */
  amountText: string;
  /** EUR per whole token. */
  priceEur: string;
  /** Unix seconds. */
  time: number;
}

/** The sale as the engine's event: the proceeds (amount x price) in EUR, no fee. */
export function whatIfSaleEvent(sale: WhatIfSale): LegEvent {
  return {
    kind: "sell",
    time: sale.time,
    id: WHAT_IF_ID,
    given: [{ wallet: sale.wallet, asset: sale.asset, amount: sale.amount }],
    received: [],
    eur: eurExact(valueAt(sale.amountText, sale.priceEur)),
  };
}

function firstTaxFreeDay(lot: ConsumedLot): string | null {
  return lot.holdingPeriodEnds === null ? null : isoDate(dayOfIso(lot.holdingPeriodEnds) + 1);
}

function whatIfLot(lot: ConsumedLot): WhatIfLot {
  const cents = (v: string | null) => (v === null ? null : eurCents(parseEur(v)));
  return {
    acquired: lot.acquired,
    amount: lot.amount,
    cost: cents(lot.cost),
    proceeds: cents(lot.proceeds),
    gain: cents(lot.gain),
    taxFree: lot.taxFree,
    taxFreeFrom: firstTaxFreeDay(lot),
  };
}

/** The first day on which every lot the sale uses is past its year; null when it is already, or a date is unknown. */
function wholeSaleTaxFreeFrom(lots: readonly ConsumedLot[]): string | null {
  if (lots.every((l) => l.taxFree === true)) return null;
  let latest: string | null = null;
  for (const lot of lots) {
    const day = firstTaxFreeDay(lot);
    if (day === null) return null;
    if (latest === null || day > latest) latest = day;
  }
  return latest;
}

/** The sale's outcome from its row (the engine's) and the year's room without and with it. */
export function whatIfOutcome(input: {
  row: ReportTransaction;
  sale: WhatIfSale;
  symbol: string;
  priceSource: string;
  before: YearRoom;
  after: YearRoom;
}): WhatIfResponse {
  const { row, sale, before, after } = input;
  const lots = row.lots.filter((l) => l.use === "disposed");
  let taxable = 0n;
  let taxFree = 0n;
  let unknown = false;
  for (const lot of lots) {
    if (lot.gain === null || lot.taxFree === null) unknown = true;
    else if (lot.taxFree) taxFree += parseEur(lot.gain);
    else taxable += parseEur(lot.gain);
  }
  return {
    date: row.date,
    symbol: input.symbol,
    amount: sale.amountText,
    priceEur: sale.priceEur,
    priceSource: input.priceSource,
    proceeds: eurCents(valueAt(sale.amountText, sale.priceEur)),
    lots: lots.map(whatIfLot),
    gainTaxable: eurCents(taxable),
    gainTaxFree: eurCents(taxFree),
    gainUnknown: unknown,
    before,
    after,
    crossesFreigrenze: !before.crossed23 && after.crossed23,
    taxFreeFrom: wholeSaleTaxFreeFrom(lots),
  };
}
