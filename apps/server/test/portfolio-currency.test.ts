import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FxService } from "../src/fx/fx-service.ts";
import { displayRates } from "../src/portfolio/display-rates.ts";
import { walletsByAddress } from "../src/positions/wallet-values.ts";
import { startFakeEcb } from "./providers/fake-ecb.ts";
import type { Fake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const ADDRESS = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const OTHER = "0x1111111111111111111111111111111111111111";

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** The last weekday on or before a day (the ECB publishes on business days). */
function lastWeekday(d: string): string {
  const date = new Date(`${d}T00:00:00Z`);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
/** A rate that differs per day, so a wrong day shows. */
const rateOn = (d: string) => `1.${d.slice(5, 7)}${d.slice(8, 10)}`;

let t: TestServer;
let ecb: Fake & { baseUrl: string };
beforeAll(async () => {
  ecb = await startFakeEcb({ from: day(-80), to: day(-1), rateOn });
  t = await startTestServer({ env: { ...OFFLINE, ECB_URL: ecb.baseUrl } });
});
afterAll(async () => {
  await t?.close();
  await ecb?.close();
});

describe("portfolio values in euros", () => {
  it("carries the ECB reference rate of the day with its date, also for every day of the history", async () => {
    const me = await confirmedUser(t, "euro@example.de", "EuroPass1");
    await me.post("/api/wallet-management", { address: ADDRESS, nickname: "Haupt" });
    const expected = lastWeekday(day(-1));
    const portfolio = (await me.get("/api/portfolio")).json;
    expect(portfolio.fx).toEqual({ usdPerEur: rateOn(expected), rateDate: expected, source: "ecb" });

    const history = (await me.get("/api/portfolio/history")).json.snapshots;
    expect(history).toHaveLength(1);
    expect(history[0].fx).toEqual({ usdPerEur: rateOn(expected), rateDate: expected, source: "ecb" });
  });
});

describe("the same address on both chains", () => {
  it("is one wallet with what each chain holds, counted once", async () => {
    const me = await confirmedUser(t, "twice@example.de", "TwicePass1");
    await me.post("/api/wallet-management", { address: ADDRESS, nickname: "Haupt", blockchain: "pulsechain" });
    await me.post("/api/wallet-management", { address: ADDRESS, nickname: "Haupt ETH", blockchain: "ethereum" });
    expect((await me.get("/api/wallet-management")).json.data).toHaveLength(2);
    const p = (await me.get("/api/portfolio")).json;
    expect(p.walletCount).toBe(1);
    expect(p.wallets).toHaveLength(1);
    expect(p.wallets[0]).toMatchObject({ address: ADDRESS, savedChainIds: expect.arrayContaining([1, 369]) });
    expect(p.wallets[0].ids).toHaveLength(2);
    expect(p.wallets[0].chains.map((c: { chainId: number }) => c.chainId)).toEqual([369, 1]);
  });

  it("adds up each chain's included holdings of an address separately, the total once", () => {
    const saved = [
      { id: "a-pls", address: ADDRESS, nickname: "Haupt", chainId: 369 },
      { id: "b", address: OTHER, nickname: "Spar", chainId: 369 },
      { id: "a-eth", address: ADDRESS, nickname: "Haupt", chainId: 1 },
    ];
    const held = (walletAddress: string, chainId: number, value: string, isIncludedInPortfolio = true) => ({
      walletAddress,
      chainId,
      value,
      isIncludedInPortfolio,
    });
    const wallets = walletsByAddress(saved, [
      held(ADDRESS, 369, "100.10000001"),
      held(ADDRESS, 369, "0.2"),
      held(ADDRESS, 1, "2500.5"),
      held(ADDRESS, 1, "999", false),
      held(OTHER, 369, "7"),
    ]);
    expect(wallets).toEqual([
      {
        id: "a-pls",
        ids: ["a-pls", "a-eth"],
        address: ADDRESS,
        nickname: "Haupt",
        chainId: 369,
        savedChainIds: [369, 1],
        value: "2600.80000001",
        chains: [
          { chainId: 369, value: "100.30000001", readFailure: null },
          { chainId: 1, value: "2500.5", readFailure: null },
        ],
      },
      {
        id: "b",
        ids: ["b"],
        address: OTHER,
        nickname: "Spar",
        chainId: 369,
        savedChainIds: [369],
        value: "7",
        chains: [
          { chainId: 369, value: "7", readFailure: null },
          { chainId: 1, value: "0", readFailure: null },
        ],
      },
    ]);
  });
});

describe("an address that could not be read", () => {
  it("names the chain and the reason instead of a value of 0 there", () => {
    const saved = [{ id: "a", address: ADDRESS, nickname: "Haupt", chainId: 369 }];
    const [wallet] = walletsByAddress(
      saved,
      [{ walletAddress: ADDRESS, chainId: 1, value: "5", isIncludedInPortfolio: true }],
      [{ chainId: 369, walletAddresses: [ADDRESS], reason: "timeout" }],
    );
    expect(wallet?.chains).toEqual([
      { chainId: 369, value: "0", readFailure: "timeout" },
      { chainId: 1, value: "5", readFailure: null },
    ]);
  });
});

describe("the rate of the day", () => {
  const fxWith = (rates: Record<string, { rate: string; rateDate: string }>) =>
    ({
      usdPerEur: async (days: readonly string[]) => ({ rates: new Map(days.map((d) => [d, rates[d]])), problems: [] }),
      sourceOf: () => "ecb",
    }) as unknown as FxService;

  it("takes the last published rate up to a week back, older or missing ones give no rate (values stay in USD)", async () => {
    const rates = await displayRates(
      fxWith({
        "2026-04-06": { rate: "1.1500", rateDate: "2026-04-02" },
        "2026-04-20": { rate: "1.1500", rateDate: "2026-04-10" },
      }),
      ["2026-04-06", "2026-04-20", "2026-04-21"],
    );
    expect(rates.get("2026-04-06")).toEqual({ usdPerEur: "1.1500", rateDate: "2026-04-02", source: "ecb" });
    expect(rates.get("2026-04-20")).toBeNull();
    expect(rates.get("2026-04-21")).toBeNull();
  });

  it("gives no rate instead of failing when the rates cannot be read", async () => {
    const broken = {
      usdPerEur: async () => {
        throw new Error("database down");
      },
    } as unknown as FxService;
    expect((await displayRates(broken, ["2026-04-06"])).get("2026-04-06")).toBeNull();
  });
});

describe("a slow rate source", () => {
  it("does not hold up the portfolio: after the wait the values stay in USD", async () => {
    const slow = {
      usdPerEur: () => new Promise(() => undefined),
    } as unknown as FxService;
    const started = Date.now();
    expect((await displayRates(slow, ["2026-04-06"], 50)).get("2026-04-06")).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
