import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { startAppServer, type TestServer } from "./support/app.ts";
import { type BillingTestServer, logIn, startBillingAppServer, WORDS } from "./support/billing.ts";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, watchForErrors } from "./support/browser.ts";

let t: BillingTestServer;
let community: TestServer;
let browser: Browser;

beforeAll(async () => {
  [t, community] = await Promise.all([startBillingAppServer(), startAppServer()]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await community?.close();
});

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The other language/theme/device combinations of the settings card (the journey covers de-light-desktop, en-dark-phone). */
describe("settings Premium card in its three states", () => {
  for (const [lang, scheme, viewport] of [
    ["de", "dark", PHONE],
    ["en", "light", DESKTOP],
  ] as const) {
    const device = viewport === PHONE ? "phone" : "desktop";
    const w = WORDS[lang];
    it(`${lang}, ${scheme}, ${device}`, async () => {
      const email = `states.${lang}@example.de`;
      const password = "States2026!";
      await confirmedUser(t, email, password, lang);
      const context = await newContext(browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await logIn(page, lang, email, password);
      const sql = (text: string) =>
        t.running.database.pool.query(`${text} where id = (select id from "user" where email = $1)`, [email]);

      await page.goto("/settings");
      const card = page.getByTestId("premium-card");
      await expect.poll(() => card.getAttribute("data-status")).toBe("trial");
      expect(await card.getByRole("heading", { level: 2 }).textContent()).toBe(w.trialSettings);
      await screenshot(page, `settings-trial-${lang}-${scheme}-${device}`);

      await sql("update user_profiles set trial_ends_at = now() - interval '1 minute'");
      await page.reload();
      const modal = page.getByTestId("subscription-modal");
      await expect.poll(() => modal.isVisible()).toBe(true);
      await screenshot(page, `subscription-modal-${lang}-${scheme}-${device}`);
      await page.keyboard.press("Escape");
      await expect.poll(() => card.getAttribute("data-status")).toBe("inactive");
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `settings-inactive-${lang}-${scheme}-${device}`);

      // A failed renewal: still a customer, asked to fix the card.
      await sql(
        "update user_profiles set stripe_customer_id = 'cus_screens_" +
          lang +
          "', stripe_subscription_id = 'sub_screens', stripe_subscription_status = 'past_due'",
      );
      await page.reload();
      await expect.poll(() => card.getByRole("button", { name: w.manage }).isVisible()).toBe(true);
      await screenshot(page, `settings-past-due-${lang}-${scheme}-${device}`);

      await sql(
        "update user_profiles set subscription_status = 'active', stripe_subscription_status = 'active', stripe_current_period_end = now() + interval '30 days'",
      );
      await page.reload();
      await expect.poll(() => card.getAttribute("data-status")).toBe("active");
      expect(await card.getByRole("heading", { level: 2 }).textContent()).toBe(w.premiumActive);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `settings-active-${lang}-${scheme}-${device}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("Community Edition", () => {
  it("hides billing and labels the plan 'Community Edition', also after the trial would have ended", async () => {
    for (const [lang, scheme, viewport] of [
      ["de", "light", DESKTOP],
      ["en", "dark", PHONE],
    ] as const) {
      const device = viewport === PHONE ? "phone" : "desktop";
      const email = `community.${lang}@example.de`;
      const password = "Community1!";
      await confirmedUser(community, email, password, lang);
      community.clock.advance(4 * 86_400_000);
      const context = await newContext(browser, community.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await logIn(page, lang, email, password);
      await expect.poll(() => page.getByTestId("plan-status-card").getAttribute("data-status")).toBe("community");
      await page.goto("/settings");
      const card = page.getByTestId("premium-card");
      await expect.poll(() => card.getAttribute("data-status")).toBe("community");
      expect(await card.getByRole("heading", { level: 2 }).textContent()).toBe("Community Edition");
      expect(await card.getByRole("button").count()).toBe(0);
      expect(await page.getByTestId("subscription-modal").count()).toBe(0);
      await screenshot(page, `settings-community-${lang}-${scheme}-${device}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
