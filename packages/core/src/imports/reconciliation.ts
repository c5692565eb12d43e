import { D } from "../chains/amounts.ts";
import { berlinIsoDate } from "../tax/holding-period.ts";
import type { TaxEvent, TaxLeg } from "../tax/types.ts";
import { sumOf } from "./decimal-text.ts";
import type { ExchangeMoves, RejectedCandidate } from "./exchange-moves.ts";
import type { ExchangeReconciliation, UnpairedMove } from "./imports-api.ts";

/**
 * "Abgleich Börsen" (docs/product/imports.md): per imported account and report year, the moves to and
 * from the user's wallets (paired with a wallet, or not) and the totals an exchange reports to the tax
 * office under DAC8: sales against fiat (with their EUR), swaps, and transfers out. The user checks
 * them against the exchange's own annual statement.
 */
export function exchangeReconciliation(
  imported: readonly TaxEvent[],
  matched: Pick<ExchangeMoves, "pairedIds" | "rejected">,
  year: number,
  symbolOf: (asset: string) => string,
): ExchangeReconciliation[] {
  const paired = matched.pairedIds;
  const inYear = imported.filter((e) => berlinIsoDate(e.time).startsWith(`${year}-`));
  const accounts = [...new Set(imported.map(accountOf).filter((a): a is string => a !== undefined))];
  return accounts.map((account) =>
    accountFigures(
      account,
      inYear.filter((e) => accountOf(e) === account),
      paired,
      (e, leg) => unpairedMove(e, leg, symbolOf, matched.rejected.get(e.id ?? "") ?? []),
    ),
  );
}

function accountOf(e: TaxEvent): string | undefined {
  return (e.given[0] ?? e.received[0] ?? e.fee)?.wallet;
}

function accountFigures(
  account: string,
  events: readonly TaxEvent[],
  paired: ReadonlySet<string>,
  describe: (e: TaxEvent, leg: TaxLeg | undefined) => UnpairedMove,
): ExchangeReconciliation {
  const withdrawals = events.filter((e) => e.kind === "unknown-out");
  const deposits = events.filter((e) => e.kind === "unknown-in");
  const sales = events.filter((e) => e.kind === "sell");
  const unpaired = (list: readonly TaxEvent[], side: (e: TaxEvent) => TaxLeg | undefined) =>
    list.filter((e) => !paired.has(e.id ?? "")).map((e) => describe(e, side(e)));
  return {
    account,
    withdrawals: {
      total: withdrawals.length,
      paired: withdrawals.filter((e) => paired.has(e.id ?? "")).length,
      unpaired: unpaired(withdrawals, (e) => e.given[0]),
    },
    deposits: {
      total: deposits.length,
      paired: deposits.filter((e) => paired.has(e.id ?? "")).length,
      unpaired: unpaired(deposits, (e) => e.received[0]),
    },
    dac8: {
      salesForFiat: sales.length,
      salesForFiatEur: sumEur(sales.map((e) => e.eur)),
      salesWithoutEur: sales.filter((e) => e.eur === undefined).length,
      swaps: events.filter((e) => e.kind === "swap").length,
      transfersOut: withdrawals.length,
    },
  };
}

function unpairedMove(
  e: TaxEvent,
  leg: TaxLeg | undefined,
  symbolOf: (asset: string) => string,
  rejected: readonly RejectedCandidate[],
): UnpairedMove {
  const iso = (t: number) => new Date(t * 1000).toISOString();
  return {
    id: e.id ?? "",
    time: iso(e.time),
    symbol: leg ? symbolOf(leg.asset) : "?",
    asset: leg?.asset ?? "",
    candidates: rejected.map((c) => ({ ...c, time: iso(c.time) })),
  };
}

/** Sum of EUR decimal strings, to the cent (half up). */
function sumEur(values: readonly (string | undefined)[]): string {
  const known = values.filter((v): v is string => v !== undefined);
  return new D(sumOf(known)).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
}
