/**
 * The tax planning on the devchain: the open lots of the devchain's user A with their tax-free dates,
 * a what-if sale of half of A's HEX (and of all of it) whose figures equal those of the year's wallet
 * report with the same sale added as a manual entry, and the page in Chromium: the year's room, the
 * tax-free dates, the what-if form typed in the user's number format and its answer, the open lots.
 * German light desktop, English dark phone. The printers also pay over the last 30 days, so A holds
 * HEX that is not tax-free yet.
 */
import {
  type OpenLotsResponse,
  openLotsResponseSchema,
  taxReportJobSchema,
  walletReportResultSchema,
  whatIfResponseSchema,
} from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import type { HttpClient } from "../apps/server/test/support/http-client.ts";
import { logIn } from "./support/billing.ts";
import { newContext, screenshot, watchForErrors } from "./support/browser.ts";
import { devchainSuite, deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const TODAY = new Date().toISOString().slice(0, 10);
const suite = devchainSuite({ from: "2023-12-01", to: TODAY }, { recentPayouts: true });

const WORDS = {
  de: { title: "Steuerplanung", amount: "476.947,0154815", submit: "Berechnen", nav: "Steuerplanung" },
  en: { title: "Tax planning", amount: "476,947.0154815", submit: "Calculate", nav: "Tax planning" },
} as const;

/** HEX has 8 decimals: whole tokens as base units and back. */
const toUnits = (amount: string) => {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole + fraction.padEnd(8, "0"));
};
/** An integer scaled by 10^places as a decimal text ("12.5"). */
const decimal = (value: bigint, places: number) => {
  const text = value.toString().padStart(places + 1, "0");
  return `${text.slice(0, -places)}.${text.slice(-places)}`.replace(/\.?0+$/, "");
};
const fromUnits = (units: bigint) => decimal(units, 8);

function walletA(): string {
  return (suite.app.devchain.chain(369).wallets.users[0] as string).toLowerCase();
}

/** A's own HEX on PulseChain (not staked; the fork's copy on Ethereum has the same address) in base units. */
function hexOfA(plan: OpenLotsResponse): bigint {
  const hex = (suite.app.devchain.chain(369).contracts.hex as string).toLowerCase();
  const lots = plan.lots.filter(
    (l) => l.chainId === 369 && l.wallet === walletA() && l.token === hex && l.stakeId === null,
  );
  return lots.reduce((sum, l) => sum + toUnits(l.amount), 0n);
}

/** The year's figures of an all-wallets report of this year with the sale as a manual entry. */
async function reportWithSale(client: HttpClient, amount: string, eur: string) {
  const hex = (suite.app.devchain.chain(369).contracts.hex as string).toLowerCase();
  const sale = { time: new Date().toISOString(), wallet: walletA(), type: "sell", asset: `369:${hex}`, amount, eur };
  const year = new Date().getUTCFullYear();
  const start = await client.post("/api/wallet-report", { scope: "all", taxYear: year, manualEntries: [sale] });
  expect(start.status).toBe(202);
  const id = start.json.jobId as string;
  await poll(
    async () => taxReportJobSchema.parse((await client.get(`/api/wallet-report/${id}`)).json).status,
    120_000,
  ).toBe("completed");
  const result = walletReportResultSchema.parse((await client.get(`/api/wallet-report/${id}/result`)).json);
  return result.years[String(year)];
}

describe("tax planning on the devchain", () => {
  it("a what-if sale gives the figures of the year's report with the same sale added", async () => {
    const client = await confirmedUser(suite.app.t, "plan.api@example.de", "PlanApi2026!");
    expect((await client.post("/api/wallet-management", { address: walletA(), nickname: "A" })).status).toBe(200);
    const plan = openLotsResponseSchema.parse((await client.get("/api/tax/open-lots")).json);
    const held = hexOfA(plan);
    // The first answer (the wallet's history read for the first time) and the next one agree.
    const again = openLotsResponseSchema.parse((await client.get("/api/tax/open-lots")).json);
    expect(hexOfA(again)).toBe(held);
    expect(held).toBeGreaterThan(0n);
    // Lots that pass their year within 12 months are on the timeline (the recent payouts).
    expect(plan.timeline.length).toBeGreaterThan(0);
    const hex = (suite.app.devchain.chain(369).contracts.hex as string).toLowerCase();
    // Half at 1 cent, all of it at 2 cents per HEX: the proceeds are exact, the report gets the same number.
    for (const [units, cents] of [
      [held / 2n, 1n],
      [held, 2n],
    ] as const) {
      const price = decimal(cents, 2);
      const amount = fromUnits(units);
      const res = await client.post("/api/tax/what-if", {
        wallet: walletA(),
        chainId: 369,
        token: hex,
        amount,
        priceEur: price,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const outcome = whatIfResponseSchema.parse(res.json);
      expect(outcome.lots.reduce((sum, l) => sum + toUnits(l.amount), 0n)).toBe(units);
      const year = await reportWithSale(client, amount, decimal(units * cents, 10));
      expect(year?.gainTaxable).toBe(outcome.after.gainTaxable);
      expect(year?.freigrenze23Crossed).toBe(outcome.after.crossed23);
    }
  }, 600_000);

  for (const [lang, scheme, viewport] of LOOKS) {
    const w = WORDS[lang];
    const device = deviceOf(viewport);
    it(`shows the room, the tax-free dates, the open lots and a what-if answer (${lang}, ${scheme}, ${device})`, async () => {
      const email = `plan.${lang}@example.de`;
      const password = "PlanPage2026!";
      const client = await confirmedUser(suite.app.t, email, password, lang);
      expect((await client.post("/api/wallet-management", { address: walletA(), nickname: "A" })).status).toBe(200);
      const context = await newContext(suite.browser, suite.app.t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await logIn(page, lang, email, password);
      await page.goto("/tax-planning");
      await page.getByRole("heading", { name: w.title, level: 1 }).waitFor();
      await page.getByTestId("room-23").waitFor({ timeout: 120_000 });
      expect(await page.getByTestId("room-23").textContent()).toMatch(lang === "de" ? /1\.000,00\s€/ : /€1,000\.00/);
      expect(await page.getByTestId("tax-free-timeline").locator("li").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("open-lots").locator("tbody tr").count()).toBeGreaterThan(0);

      const form = page.getByTestId("what-if");
      const options = await form.locator("#what-if-token option").allTextContents();
      await form
        .locator("#what-if-token")
        .selectOption({ index: options.findIndex((o) => o.startsWith("HEX · PulseChain")) });
      await form.locator("#what-if-amount").fill(w.amount);
      await form.getByRole("button", { name: w.submit }).click();
      const result = page.getByTestId("what-if-result");
      await result.waitFor({ timeout: 60_000 });
      expect(await result.locator("tbody tr").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("what-if-year").textContent()).toMatch(
        lang === "de" ? /^§ 23 im Jahr \d{4}: vorher/ : /^§ 23 in \d{4}: before/,
      );
      // More than A holds: the field says so, in the user's language.
      await form.locator("#what-if-amount").fill(lang === "de" ? "999.999.999" : "999,999,999");
      await form.getByRole("button", { name: w.submit }).click();
      await poll(() => form.locator("#what-if-amount-error").textContent()).toMatch(
        lang === "de" ? /größer als dein Bestand/ : /more than you hold/,
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, `tax-planning-${lang}-${scheme}-${device}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
