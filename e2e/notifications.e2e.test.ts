/**
 * The alerts in Chromium, as a new user: the settings' section "Benachrichtigungen" refuses a threshold
 * that is no number at the field, saves one typed in the user's number format ("12,5") as the exact
 * decimal, and sends the test mail (toast with the address, the mail in the inbox); notifications stored
 * for the user show in the bell (unread count in its name, the words of core's alertText, unread marked),
 * a click marks one read and opens its page, "Alle als gelesen markieren" clears the count, and the
 * settings list them. The test mail's unsubscribe link turns its kind off on the public page, "Rückgängig"
 * turns it on again; a broken link says so. German light desktop, English dark phone.
 */

import { type AlertFacts, alertSettingsSchema, alertText, notificationListSchema } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeAlerts } from "../apps/server/src/alerts/notification-store.ts";
import { createDb } from "../apps/server/src/db/client.ts";
import { user } from "../apps/server/src/db/schema.ts";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { OFFLINE } from "../apps/server/test/support/offline.ts";
import { linkIn } from "../apps/server/test/support/smtp-inbox.ts";
import { startAppServer, type TestServer } from "./support/app.ts";
import { logIn } from "./support/billing.ts";
import { launchBrowser, newContext, screenshot, watchForErrors } from "./support/browser.ts";
import { deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const WORDS = {
  de: {
    section: "Benachrichtigungen",
    movePercent: "Bewegung in 24 Stunden ab (Prozent)",
    typed: "12,5",
    level: "0,015",
    notANumber: "Das ist keine Zahl.",
    save: "Speichern",
    saved: "Gespeichert.",
    testMail: "Test-Mail senden",
    testMailSent: "Test-Mail gesendet",
    testMailFailed: "Test-Mail nicht gesendet",
    tooMany: /^Zu viele Test-Mails in der letzten Stunde\. Die nächste kannst du in \d+ Minuten? senden\.$/,
    to: "An",
    bell: (n: number) => (n === 0 ? "Benachrichtigungen" : `Benachrichtigungen: ${n} ungelesen`),
    markAll: "Alle als gelesen markieren",
    recent: "Letzte Benachrichtigungen",
    confirm: "Abbestellen",
    unsubscribed: "Du bekommst keine Benachrichtigungen mehr zu: Printer-Einkommen: Wochenübersicht",
    undo: "Rückgängig",
    resubscribed: "Du bekommst wieder Benachrichtigungen zu: Printer-Einkommen: Wochenübersicht",
    invalid: "Dieser Abmelde-Link ist ungültig.",
    missing: "Dieser Abmelde-Link ist unvollständig.",
  },
  en: {
    section: "Notifications",
    movePercent: "Move in 24 hours of at least (percent)",
    typed: "12.5",
    level: "0.015",
    notANumber: "That is not a number.",
    save: "Save",
    saved: "Saved.",
    testMail: "Send test mail",
    testMailSent: "Test mail sent",
    testMailFailed: "Test mail not sent",
    tooMany: /^Too many test mails in the last hour\. You can send the next one in \d+ minutes?\.$/,
    to: "To",
    bell: (n: number) => (n === 0 ? "Notifications" : `Notifications: ${n} unread`),
    markAll: "Mark all as read",
    recent: "Recent notifications",
    confirm: "Unsubscribe",
    unsubscribed: "You will no longer get notifications about: Printer income: weekly summary",
    undo: "Undo",
    resubscribed: "You get notifications again about: Printer income: weekly summary",
    invalid: "This unsubscribe link is not valid.",
    missing: "This unsubscribe link is incomplete.",
  },
} as const;

const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";

/** Three alerts as the rules would store them, a minute apart (the tax-free one newest). */
const FACTS: AlertFacts[] = [
  { kind: "freigrenze", year: 2026, incomeEur: "210.4", freigrenzeEur: "256.00", roomEur: "45.6" },
  {
    kind: "watchlist",
    chainId: 369,
    address: HEX,
    symbol: "HEX",
    priceUsd: "0.0052",
    reason: "move",
    levelUsd: null,
    changePercent: "-23.4",
  },
  {
    kind: "taxFree",
    date: "2026-12-10",
    chainId: 369,
    symbol: "PLSX",
    wallet: "0x1234567890abcdef1234567890abcdef12345678",
    amount: "1500000",
    valueEur: "42.5",
  },
];

let t: TestServer;
let browser: Browser;
beforeAll(async () => {
  t = await startAppServer(OFFLINE);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function storeFor(email: string): Promise<void> {
  const db = createDb(t.running.database.pool);
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  const start = Date.now() - 10 * 60_000;
  for (const [i, facts] of FACTS.entries()) {
    await storeAlerts(db, row.id, [{ key: `e2e-${i}`, facts }], () => false, new Date(start + i * 60_000));
  }
}

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const device = deviceOf(viewport);
  describe(`notifications (${lang}, ${scheme}, ${device})`, () => {
    it("saves a threshold, sends the test mail, shows the bell and the list, unsubscribes and undoes", async () => {
      const email = `alerts.${lang}@example.de`;
      const password = "AlertsView2026!";
      await confirmedUser(t, email, password, lang);
      const context = await newContext(browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await logIn(page, lang, email, password);
      const bell = page.getByTestId("notification-bell");
      await poll(() => bell.getAttribute("aria-label")).toBe(w.bell(0));

      // A token on the watchlist gets its price level fields.
      const watched = await page.request.post("/api/watchlist", {
        data: { chainId: 369, address: HEX },
        headers: { Origin: t.baseUrl },
      });
      expect(watched.status()).toBe(201);

      // The settings' section: a threshold that is no number is refused at its field, "12,5" is saved as 12.5.
      await page.goto("/settings");
      const section = page.locator("#notifications");
      await poll(() => section.getByRole("heading", { name: w.section, exact: true }).isVisible()).toBe(true);
      const move = section.getByLabel(w.movePercent);
      await poll(() => move.inputValue()).toBe("20");
      await move.fill("zwölf");
      await section.getByRole("button", { name: w.save, exact: true }).click();
      await poll(() => section.getByText(w.notANumber).isVisible()).toBe(true);
      expect(await move.getAttribute("aria-invalid")).toBe("true");
      await move.fill(w.typed);
      const above = section.getByTestId("alerts-level").getByRole("textbox").first();
      await above.fill(w.level);
      await section.getByRole("button", { name: w.save, exact: true }).click();
      await poll(() => section.getByTestId("alerts-saved").isVisible()).toBe(true);
      const stored = alertSettingsSchema.parse(await (await page.request.get("/api/notifications/settings")).json());
      expect(stored.watchlist.movePercent).toBe("12.5");
      expect(stored.watchlist.levels).toEqual([{ chainId: 369, address: HEX, aboveUsd: "0.015", belowUsd: null }]);
      await page.reload();
      await poll(() => section.getByLabel(w.movePercent).inputValue()).toBe(w.typed);
      expect(await above.inputValue()).toBe(w.level);

      // The test mail: a toast with the address, and the mail in the inbox.
      const mailsBefore = t.inbox?.countTo(email) ?? 0;
      await section.getByRole("button", { name: w.testMail }).click();
      const toast = page.getByRole("status").filter({ hasText: w.testMailSent });
      await poll(() => toast.isVisible()).toBe(true);
      expect(await toast.getByText(`${w.to} ${email}`).isVisible()).toBe(true);
      const mail = await t.inbox?.waitFor(email, mailsBefore + 1);
      const unsubscribeLink = linkIn(mail?.text ?? "", /http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[^\s"<>]+/);

      // Five test mails an hour: the sixth is refused, and the toast says how long to wait.
      for (let i = 0; i < 4; i++) {
        const sent = await page.request.post("/api/notifications/test", { headers: { Origin: t.baseUrl } });
        expect(sent.status()).toBe(200);
      }
      await section.getByRole("button", { name: w.testMail }).click();
      const refused = page.getByRole("status").filter({ hasText: w.testMailFailed });
      await poll(() => refused.isVisible()).toBe(true);
      expect(await refused.getByText(w.tooMany).isVisible()).toBe(true);

      // Notifications stored by the alert runs: the bell counts and lists them in the page's language.
      await storeFor(email);
      await page.reload();
      await poll(() => bell.getAttribute("aria-label")).toBe(w.bell(3));
      expect(await page.getByTestId("notification-badge").textContent()).toBe("3");
      await bell.click();
      const panel = page.getByTestId("notification-panel");
      const items = panel.getByTestId("notification");
      await poll(() => items.count()).toBe(3);
      const titles = FACTS.map((f) => alertText(f, lang).title).reverse();
      expect(await items.allInnerTexts().then((texts) => texts.map((x) => x.split("\n")[0]))).toEqual(titles);
      expect(await items.first().getAttribute("data-unread")).toBe("true");
      await screenshot(page, `notifications-bell-${lang}-${scheme}-${device}`);

      // A click marks it read and opens its page (the tax-free date: the tax planning).
      await items.first().click();
      await page.waitForURL(/\/tax-planning$/);
      await poll(() => bell.getAttribute("aria-label")).toBe(w.bell(2));
      const list = notificationListSchema.parse(await (await page.request.get("/api/notifications")).json());
      expect(list.notifications.map((n) => n.readAt !== null)).toEqual([true, false, false]);

      // Escape closes the panel; "Alle als gelesen markieren" clears the count.
      await bell.click();
      await poll(() => panel.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await poll(() => panel.isVisible()).toBe(false);
      await bell.click();
      await panel.getByRole("button", { name: w.markAll }).click();
      await poll(() => bell.getAttribute("aria-label")).toBe(w.bell(0));
      expect(await page.getByTestId("notification-badge").count()).toBe(0);
      await page.keyboard.press("Escape");

      // The settings list the same notifications, all read now.
      await page.goto("/settings#notifications");
      const recent = section.getByTestId("recent-notifications");
      await poll(() => recent.getByTestId("notification").count()).toBe(3);
      expect(await recent.getByRole("heading", { name: w.recent }).isVisible()).toBe(true);
      expect(await recent.locator('[data-unread="true"]').count()).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `notifications-settings-${lang}-${scheme}-${device}`);
      await section.getByTestId("alerts-levels").scrollIntoViewIfNeeded();
      await screenshot(page, `notifications-settings-thresholds-${lang}-${scheme}-${device}`);
      await recent.scrollIntoViewIfNeeded();
      await screenshot(page, `notifications-settings-list-${lang}-${scheme}-${device}`);

      // The mail's unsubscribe link: opening it asks first (nothing changes), the click turns the kind off,
      // "Rückgängig" turns it on again.
      await page.goto(unsubscribeLink.replace(t.baseUrl, ""));
      const card = page.getByTestId("unsubscribe");
      await card.getByRole("button", { name: w.confirm, exact: true }).waitFor();
      const still = alertSettingsSchema.parse(await (await page.request.get("/api/notifications/settings")).json());
      expect(still.incomeWeekly.enabled).toBe(true);
      await card.getByRole("button", { name: w.confirm, exact: true }).click();
      await poll(() => card.getByText(w.unsubscribed).isVisible()).toBe(true);
      const off = alertSettingsSchema.parse(await (await page.request.get("/api/notifications/settings")).json());
      expect(off.incomeWeekly.enabled).toBe(false);
      await screenshot(page, `notifications-unsubscribe-${lang}-${scheme}-${device}`);
      await card.getByRole("button", { name: w.undo }).click();
      await poll(() => card.getByText(w.resubscribed).isVisible()).toBe(true);
      const on = alertSettingsSchema.parse(await (await page.request.get("/api/notifications/settings")).json());
      expect(on.incomeWeekly.enabled).toBe(true);

      // A broken or missing link says so.
      await page.goto("/unsubscribe?token=not-a-valid-token-at-all");
      await card.getByRole("button", { name: w.confirm, exact: true }).click();
      await poll(() => card.getByText(w.invalid).isVisible()).toBe(true);
      await page.goto("/unsubscribe");
      await poll(() => card.getByText(w.missing).isVisible()).toBe(true);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });
}
