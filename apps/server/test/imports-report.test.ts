/**
 * An imported exchange account in the wallet report over all wallets: a wallet of its own whose
 * purchase against EUR and later sale give the year's §23 gain to the cent; the report names how many
 * accounts it includes; a report of one address does not include them; a deleted account is gone from
 * the next report.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.ts";
import type { Fake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import { quietExplorerEnv, runReport, startQuietExplorer, storeEurRates } from "./support/stored-history.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const WALLET = "0x00000000000000000000000000000000000a0027";
/** Bitstamp: ETH bought for 2,000 EUR (fee 2 EUR) in January, half of it sold for 1,500 EUR (fee 1 EUR) in June. */
const BITSTAMP = [
  "Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type",
  'Market,"Jan. 10, 2024, 11:00 AM",Main Account,1.00000000 ETH,2000.00 EUR,2000.00 EUR,2.00 EUR,Buy',
  'Market,"Jun. 10, 2024, 11:00 AM",Main Account,0.50000000 ETH,1500.00 EUR,3000.00 EUR,1.00 EUR,Sell',
].join("\n");

let explorer: Fake;
let t: TestServer;
beforeAll(async () => {
  explorer = await startQuietExplorer();
  t = await startTestServer({ env: quietExplorerEnv(explorer) });
  await storeEurRates(createDb(t.running.database.pool), "2024-01-01", "2024-12-31");
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
});
