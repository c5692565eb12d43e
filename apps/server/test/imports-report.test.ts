/**
 * An imported exchange account in the wallet report over all wallets: a wallet of its own whose
 * purchase against EUR and later sale give the year's §23 gain to the cent; the report names how many
 * accounts it includes; a report of one address does not include them; a deleted account is gone from
 * the next report.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.ts";
import { transfers } from "../src/db/schema.ts";
import type { Fake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import {
  quietExplorerEnv,
  runReport,
  startQuietExplorer,
  storeEurRates,
  transferRows,
} from "./support/stored-history.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const WALLET = "0x00000000000000000000000000000000000a0027";
/** Bitstamp: ETH bought for 2,000 EUR (fee 2 EUR) in January, half of it sold for 1,500 EUR (fee 1 EUR) in June. */
const BITSTAMP = [
  "Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type",
  'Market,"Jan. 10, 2024, 11:00 AM",Main Account,1.00000000 ETH,2000.00 EUR,2000.00 EUR,2.00 EUR,Buy',
  'Market,"Jun. 10, 2024, 11:00 AM",Main Account,0.50000000 ETH,1500.00 EUR,3000.00 EUR,1.00 EUR,Sell',
].join("\n");

/** Binance: 1,000,000 PLSX bought for 100 EUR, withdrawn the next day to the user's wallet. */
const BINANCE = [
  "User_ID,UTC_Time,Account,Operation,Coin,Change,Remark",
  "1,2024-01-10 10:00:00,Spot,Buy,EUR,-100,",
  "1,2024-01-10 10:00:00,Spot,Buy,PLSX,1000000,",
  "1,2024-01-11 10:00:00,Spot,Withdraw,PLSX,-1000000,",
].join("\n");
const HOLDER = "0x00000000000000000000000000000000000a0028";
const BINANCE_HOT = "0x00000000000000000000000000000000000c0028";
const POOL = "0x00000000000000000000000000000000000c0029";
const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
/** PulseChain's bridged USDC: a real stablecoin, 1 USD (6 decimals). */
const USDC = "0x15d38573d2feeb82e7ad5187ab8c1d52810b1f07";
const transfer = transferRows(17_500_000);
// The withdrawal arrives two hours later; half of it is swapped for 110 USDC (100 EUR) in March.
const CHAIN = [
  transfer(1, "2024-01-11", BINANCE_HOT, HOLDER, PLSX, 1_000_000n * 10n ** 18n),
  transfer(2, "2024-03-01", HOLDER, POOL, PLSX, 500_000n * 10n ** 18n, 0),
  transfer(2, "2024-03-01", POOL, HOLDER, USDC, 110n * 10n ** 6n, 1),
];

let explorer: Fake;
let t: TestServer;
beforeAll(async () => {
  explorer = await startQuietExplorer();
  t = await startTestServer({ env: quietExplorerEnv(explorer) });
  const db = createDb(t.running.database.pool);
  await storeEurRates(db, "2024-01-01", "2024-12-31");
  await db.insert(transfers).values(CHAIN);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await explorer?.close();
});

describe("an imported account in the report", () => {
  it("is a wallet of its own in the report over all wallets: its sale's gain counts to the cent", async () => {
    const me = await confirmedUser(t, "import.report@example.de", "ImportReport1");
    expect((await me.post("/api/wallet-management", { address: WALLET, nickname: "Ledger" })).status).toBe(200);
    const imported = await me.request("POST", "/api/imports?name=bitstamp.csv", BITSTAMP, {
      "content-type": "text/csv",
    });
    expect(imported.json.added).toBe(2);

    const { result } = await runReport(me, { scope: "all", taxYear: 2024 });
    // 1,500 - 1 - (half of 2,000 + half of 2) = 498.
    expect(result.years["2024"]).toMatchObject({ gainTaxable: "498.00" });
    expect(result.meta.importedAccounts).toBe(1);
    expect(result.exchanges).toEqual([
      {
        account: "Bitstamp",
        withdrawals: { total: 0, paired: 0, unpaired: [] },
        deposits: { total: 0, paired: 0, unpaired: [] },
        dac8: { salesForFiat: 1, salesForFiatEur: "1500.00", salesWithoutEur: 0, swaps: 0, transfersOut: 0 },
      },
    ]);
    const sale = result.transactions.find((r) => r.typ === "Verkauf");
    expect(sale).toMatchObject({
      wallet: "Bitstamp",
      beschreibung: "Verkauf: 0,5 ETH für 1500,00 EUR – Bitstamp: Market Sell",
    });
    expect(sale?.lots).toEqual([
      expect.objectContaining({
        wallet: "Bitstamp",
        asset: "1:native",
        acquired: "2024-01-10",
        cost: "1001",
        gain: "498",
      }),
    ]);

    const single = await runReport(me, { walletAddress: WALLET, taxYear: 2024 });
    expect(single.result.years["2024"]?.gainTaxable ?? "0.00").toBe("0.00");
    expect(single.result.meta.importedAccounts).toBeUndefined();

    expect((await me.request("DELETE", `/api/imports/${imported.json.account.id}`)).status).toBe(200);
    const after = await runReport(me, { scope: "all", taxYear: 2024 });
    expect(after.result.meta.importedAccounts).toBeUndefined();
    expect(after.result.transactions.filter((r) => r.typ === "Verkauf")).toEqual([]);
  }, 120_000);

  it("is a report of its own for a user without wallets: a history that is only on an exchange", async () => {
    const me = await confirmedUser(t, "import.only@example.de", "ImportOnly1");
    await me.request("POST", "/api/imports?name=bitstamp.csv", BITSTAMP, { "content-type": "text/csv" });
    const { result } = await runReport(me, { scope: "all", taxYear: 2024 });
    expect(result.meta.wallets).toEqual([]);
    expect(result.years["2024"]).toMatchObject({ gainTaxable: "498.00" });
  }, 120_000);

  it("pairs a withdrawal with its arrival in the user's wallet: a later swap on chain uses the Binance purchase", async () => {
    const me = await confirmedUser(t, "import.move@example.de", "ImportMove1");
    expect((await me.post("/api/wallet-management", { address: HOLDER, nickname: "Hardware" })).status).toBe(200);
    const imported = await me.request("POST", "/api/imports?name=binance.csv", BINANCE, { "content-type": "text/csv" });
    expect(imported.json.added).toBe(2);
    const { result } = await runReport(me, { scope: "all", taxYear: 2024 });
    const swap = result.transactions.find((r) => r.typ === "Tausch");
    // 100 EUR for the half sold - 50 EUR, half of the Binance purchase.
    expect(swap?.lots).toEqual([
      expect.objectContaining({ wallet: HOLDER, acquired: "2024-01-10", cost: "50", gain: "50" }),
    ]);
    expect(result.transactions.filter((r) => r.typ === "Unbekannt")).toEqual([]);
    expect(result.years["2024"]).toMatchObject({ gainTaxable: "50.00" });
    expect(result.exchanges).toMatchObject([
      { account: "Binance", withdrawals: { total: 1, paired: 1, unpaired: [] }, dac8: { transfersOut: 1 } },
    ]);
  }, 120_000);
});
