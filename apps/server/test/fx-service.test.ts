import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { fxRates } from "../src/db/schema.ts";
import { EcbClient } from "../src/fx/ecb.ts";
import { FxService } from "../src/fx/fx-service.ts";
import { example, type Fake, loadProviderFile, startFake, testUpstream } from "./providers/fake-http.ts";
import { type MigratedDb, openMigratedDb } from "./support/migrated-db.ts";

const HIST: string = example(
  loadProviderFile("ecb-eurofxref.json"),
  "GET https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.xml",
);

let database: MigratedDb | undefined;
let db: Db;
let ecbFake: Fake;
beforeAll(async () => {
  database = await openMigratedDb();
  db = database.db;
  ecbFake = await startFake(() => ({ text: HIST, contentType: "text/xml" }));
});
afterAll(async () => {
  await ecbFake?.close();
  await database?.close();
});

describe("euro reference rates", () => {
  it("fetches the ECB history once, stores it, and answers weekends and holidays with the last published rate", async () => {
    const { upstream } = testUpstream();
    const fx = new FxService({
      db,
      ecb: new EcbClient({ upstream, baseUrl: `${ecbFake.url}/stats/eurofxref` }),
      today: () => "2025-01-06",
    });
    const { rates, problems } = await fx.usdPerEur([
      "2025-01-03",
      "2025-01-04",
      "2024-12-25",
      "2024-12-26",
      "2025-01-01",
    ]);
    expect(problems).toEqual([]);
    expect(rates.get("2025-01-03")).toEqual({ rate: "1.0299", rateDate: "2025-01-03" });
    // Saturday: Friday's rate.
    expect(rates.get("2025-01-04")).toEqual({ rate: "1.0299", rateDate: "2025-01-03" });
    // Christmas and New Year: the last business day before.
    expect(rates.get("2024-12-25")).toEqual({ rate: "1.0393", rateDate: "2024-12-24" });
    expect(rates.get("2024-12-26")).toEqual({ rate: "1.0393", rateDate: "2024-12-24" });
    expect(rates.get("2025-01-01")).toEqual({ rate: "1.0389", rateDate: "2024-12-31" });
    expect(ecbFake.requests.length).toBe(1);
    // Twelve days back: the 90-day file is enough.
    expect(ecbFake.requests[0]?.path).toBe("/stats/eurofxref/eurofxref-hist-90d.xml");
    const stored = await db.select().from(fxRates);
    expect(stored.length).toBeGreaterThanOrEqual(7);

    // A second service on the same database needs no download.
    const again = new FxService({
      db,
      ecb: new EcbClient({ upstream, baseUrl: `${ecbFake.url}/stats/eurofxref` }),
      today: () => "2025-01-06",
    });
    expect((await again.usdPerEur(["2024-12-30"])).rates.get("2024-12-30")).toEqual({
      rate: "1.0444",
      rateDate: "2024-12-30",
    });
    expect(ecbFake.requests.length).toBe(1);
  });

  it("says so when no rate exists, instead of inventing one", async () => {
    const fx = new FxService({ db, today: () => "2025-01-06" });
    const { rates, problems } = await fx.usdPerEur(["1998-06-01"]);
    expect(rates.get("1998-06-01")).toBeUndefined();
    expect(problems).toEqual(["no euro reference rate on or before 1998-06-01"]);
  });
});
