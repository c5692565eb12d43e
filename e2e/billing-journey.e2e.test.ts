import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { type BillingTestServer, logIn, startBillingAppServer, WORDS } from "./support/billing.ts";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, watchForErrors } from "./support/browser.ts";

const DAY = 86_400_000;
let t: BillingTestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startBillingAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

for (const [lang, scheme, viewport] of [
  ["de", "light", DESKTOP],
  ["en", "dark", PHONE],
] as const) {
  const w = WORDS[lang];
  const device = viewport === PHONE ? "phone" : "desktop";

  describe(`trial, expiry and subscribing (${lang}, ${scheme}, ${device})`, () => {
    it("a trial user sees the days left; once expired meets the modal; pays at Stripe and the webhook makes it Premium", async () => {
      const email = `kunde.${lang}@example.de`;
      const password = "Kunde2026!";
      await confirmedUser(t, email, password, lang);
      const context = await newContext(browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);

      // Trial: days left on the dashboard and in the settings; no modal.
      await logIn(page, lang, email, password);
      await expect.poll(() => page.getByTestId("plan-status-text").textContent()).toBe(w.trialDashboard);
      await page.goto("/settings");
      const card = page.getByTestId("premium-card");
      await expect.poll(() => card.getAttribute("data-status")).toBe("trial");
      expect(await card.getByRole("heading", { level: 2 }).textContent()).toBe(w.trialSettings);
      expect(await card.getByRole("button", { name: w.unlock }).isVisible()).toBe(true);
      expect(await card.getByRole("button", { name: w.manage }).count()).toBe(0);
      expect(await page.getByTestId("subscription-modal").count()).toBe(0);
      await screenshot(page, `settings-trial-${lang}-${scheme}-${device}`);

      // The trial runs out: the next status read says inactive and the modal asks to subscribe.
      t.clock.advance(3 * DAY + 60_000);
      await page.reload();
      const modal = page.getByTestId("subscription-modal");
      await expect.poll(() => modal.isVisible()).toBe(true);
      expect(await modal.getByRole("heading").first().textContent()).toBe(w.modalTitle);
      await expect.poll(() => card.getAttribute("data-status")).toBe("inactive");
      await screenshot(page, `subscription-modal-${lang}-${scheme}-${device}`);
      await modal.getByRole("button", { name: w.close, exact: true }).last().click();
      await expect.poll(() => modal.count()).toBe(0);
      expect(await card.getByRole("heading", { level: 2 }).textContent()).toBe(w.noPremium);
      await screenshot(page, `settings-inactive-${lang}-${scheme}-${device}`);

      // /subscription opens the modal; closing goes back to where the user came from.
      await page.evaluate(() => window.location.assign("/subscription"));
      await expect.poll(() => modal.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await page.waitForURL(/\/settings$/);
      // Typed into the address bar over an app page: closing goes back to that page.
      await page.goto("/subscription");
      await expect.poll(() => modal.isVisible()).toBe(true);
      await modal.getByRole("button", { name: w.close, exact: true }).last().click();
      await page.waitForURL(/\/settings$/);
      // Opened in a new tab (no earlier page): closing lands on the dashboard.
      const fresh = await page.context().newPage();
      await fresh.goto("/subscription");
      const freshModal = fresh.getByTestId("subscription-modal");
      await expect.poll(() => freshModal.isVisible()).toBe(true);
      await freshModal.getByRole("button", { name: w.close, exact: true }).last().click();
      await fresh.waitForURL(/\/dashboard$/);
      await fresh.close();

      // Cancelled at the checkout page: 'Subscription cancelled', the flag leaves the URL, still Basic.
      await page.goto("/settings");
      await card.getByRole("button", { name: w.unlock }).click();
      await modal.getByRole("button", { name: w.subscribe }).click();
      await page.waitForURL((url) => url.origin === t.stripe.url && url.pathname.startsWith("/c/pay/"));
      await page.getByRole("link", { name: "Back to PulseManager" }).click();
      // A full page load of the app (back from another site) before the toast: more than poll's 1 s under load.
      await expect.poll(() => page.getByText(w.cancelled).isVisible(), { timeout: 10_000, interval: 100 }).toBe(true);
      await page.waitForURL((url) => url.origin === t.baseUrl && url.search === "");
      expect(await page.getByTestId("plan-status-card").getAttribute("data-status")).toBe("inactive");

      // Subscribe: the server's Checkout Session, the (fake) Stripe page, a signed webhook, back on /.
      await page.goto("/settings");
      await card.getByRole("button", { name: w.unlock }).click();
      await modal.getByRole("button", { name: w.subscribe }).click();
      await page.waitForURL((url) => url.origin === t.stripe.url);
      const session = t.stripe.lastSession();
      expect(session?.client_reference_id).toBe(
        (await (await confirmedMe(email, password)).get("/api/me")).json.user.id,
      );
      await screenshot(page, `stripe-checkout-${lang}-${scheme}-${device}`);
      // In English the webhook lands 3 s after the browser is back (as it often does with real Stripe):
      // the app keeps re-reading the status until the webhook has made it Premium, without a reload.
      t.stripe.webhookDelayMs = lang === "en" ? 3_000 : 0;
      await page.getByRole("button", { name: "Pay and subscribe" }).click();
      await page.waitForURL((url) => url.origin === t.baseUrl && url.pathname === "/" && url.search === "");
      if (lang === "en") {
        expect(await page.getByTestId("plan-status-card").getAttribute("data-status")).toBe("inactive");
      }
      await expect
        .poll(() => page.getByTestId("plan-status-card").getAttribute("data-status"), { timeout: 15_000 })
        .toBe("active");
      t.stripe.webhookDelayMs = 0;
      const webhook = t.stripe.deliveries.filter((d) => d.type === "checkout.session.completed").at(-1);
      expect(webhook?.status).toBe(200);
      const planCard = page.getByTestId(device === "phone" ? "plan-status-card" : "plan-card");
      await expect.poll(() => planCard.isVisible()).toBe(true);
      if (device === "desktop") expect(await planCard.getAttribute("data-plan")).toBe("premium");

      await page.goto("/settings");
      await expect.poll(() => card.getAttribute("data-status")).toBe("active");
      expect(await card.getByRole("heading", { level: 2 }).textContent()).toBe(w.premiumActive);
      expect(await card.getByRole("button", { name: w.unlock }).count()).toBe(0);
      await screenshot(page, `settings-active-${lang}-${scheme}-${device}`);

      // 'Abo verwalten': the customer portal; cancelling there keeps Premium until the period ends.
      await card.getByRole("button", { name: w.manage }).click();
      await page.waitForURL((url) => url.origin === t.stripe.url && url.pathname.startsWith("/p/session/"));
      await page.getByRole("button", { name: "Cancel subscription" }).click();
      await page.waitForURL(/\/settings$/);
      await expect.poll(() => page.getByTestId("premium-renewal").textContent()).toContain(w.endsOn);
      expect(await card.getAttribute("data-status")).toBe("active");
      await screenshot(page, `settings-cancelled-${lang}-${scheme}-${device}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

/** A second, API-only session of the same user (to read the user id the browser cannot show). */
async function confirmedMe(email: string, password: string) {
  const { HttpClient } = await import("../apps/server/test/support/http-client.ts");
  const client = new HttpClient(t.baseUrl);
  const res = await client.post("/api/auth/sign-in/email", { email, password });
  expect(res.status).toBe(200);
  return client;
}
