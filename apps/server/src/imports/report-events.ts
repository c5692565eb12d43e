import { type AssetInfoLookup, berlinIsoDate, D, type TaxEvent, type TokenRegistry } from "@pulsemanager/core";
import type { ImportedRow } from "@pulsemanager/core/imports/index";
import { accountTaxEvents, normalTicker, rowUnixSeconds } from "@pulsemanager/core/imports/index";
import type { Db } from "../db/client.ts";
import type { FxService } from "../fx/fx-service.ts";
import { keyedAccountRows, listAccounts } from "./import-store.ts";

/** The user's imported accounts as events of the tax report, each account a wallet of its own (its name). */
export interface ImportedEvents {
  events: TaxEvent[];
  assets: AssetInfoLookup;
  /** The ticker of every asset the accounts' events use. */
  symbolOf: (asset: string) => string;
  accounts: number;
}

/**
 * Reads every imported account's rows and turns them into the engine's events (core's
 * accountTaxEvents): EUR legs as they are, USD legs at the ECB rate of the German day (the same rates
 * as the chain's prices), other currencies without a value (the report says it is missing).
 */
export async function importedReportEvents(
  db: Db,
  fx: Pick<FxService, "usdPerEur">,
  userId: string,
  registry?: TokenRegistry,
): Promise<ImportedEvents> {
  const accounts = await listAccounts(db, userId);
  const perAccount = await Promise.all(
    accounts.map(async (a) => {
      const keyed = await keyedAccountRows(db, a.id);
      // Event ids from the account and the row's key: unique, and the same after a rename (declarations hold).
      return { name: a.name, rows: keyed.map((k) => k.row), ids: keyed.map((k) => `${a.id}:${k.key}`) };
    }),
  );
  const usdDays = [
    ...new Set(perAccount.flatMap((a) => a.rows.filter(hasUsd).map((r) => berlinIsoDate(rowUnixSeconds(r))))),
  ];
  const { rates } = usdDays.length > 0 ? await fx.usdPerEur(usdDays) : { rates: new Map() };
  const eurOf = (currency: string, amount: string, t: number) => {
    if (currency === "EUR") return amount;
    const rate = currency === "USD" ? rates.get(berlinIsoDate(t)) : undefined;
    return rate ? new D(amount).div(rate.rate).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2) : undefined;
  };
  const converted = perAccount.map((a) => accountTaxEvents(a.rows, { wallet: a.name, eurOf, registry, ids: a.ids }));
  return {
    events: converted.flatMap((c) => c.events),
    assets: (asset) => converted.map((c) => c.assets(asset)).find((info) => info !== undefined),
    symbolOf: (asset) => converted.map((c) => c.symbols.get(asset)).find((s) => s !== undefined) ?? asset,
    accounts: accounts.length,
  };
}

function hasUsd(row: ImportedRow): boolean {
  return [row.in, row.out, row.fiatValue, ...row.fees].some((l) => l !== undefined && normalTicker(l.asset) === "USD");
}
