import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WEB_DIST } from "../apps/server/src/app.ts";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { startTestServer } from "../apps/server/test/support/test-server.ts";
import { resetLink, startAppServer, type TestServer } from "./support/app.ts";
import { DESKTOP, launchBrowser, newContext, screenshot, watchForErrors } from "./support/browser.ts";

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function login(page: Page, email: string, password: string) {
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
}

const visible = (page: Page, text: string, options: { exact?: boolean } = {}) =>
  expect.poll(() => page.getByText(text, options).first().isVisible()).toBe(true);

describe("every failure gets the spec's message, never a 500 or a blank page", () => {
  it("wrong password, bad e-mail, unconfirmed e-mail with resend, ten failed logins", async () => {
    await confirmedUser(t, "greta@example.de", "GretaPass1");
    const context = await newContext(browser, t.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await page.goto("/auth/login");

    // Submit stays disabled below 6 characters.
    await page.getByLabel("E-Mail-Adresse").fill("greta@example.de");
    await page.getByLabel("Passwort", { exact: true }).fill("12345");
    expect(await page.getByRole("button", { name: "Anmelden", exact: true }).isDisabled()).toBe(true);

    await login(page, "greta@example", "GretaPass1");
    await visible(page, "Bitte gib eine gültige E-Mail-Adresse ein.");

    await login(page, "greta@example.de", "Falsch123");
    await visible(page, "E-Mail oder Passwort ist falsch. Bitte überprüfe deine Eingaben.");
    await screenshot(page, "login-wrong-password-de-light-desktop");

    // Registered but not confirmed: the confirmation box with tips and resend.
    const unconfirmed = "hugo@example.de";
    await page.evaluate(
      (email) =>
        fetch("/api/auth/sign-up/email", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "HugoPass1" }),
        }),
      unconfirmed,
    );
    await t.inbox?.waitFor(unconfirmed, 1);
    await login(page, unconfirmed, "HugoPass1");
    await expect.poll(() => page.getByTestId("email-not-verified").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Bestätigungs-E-Mail erneut senden" }).click();
    await visible(page, `Wir haben eine neue Bestätigungs-E-Mail an ${unconfirmed} geschickt.`);
    // The login attempt and the resend each sent a fresh mail.
    await t.inbox?.waitFor(unconfirmed, 3);
    await screenshot(page, "login-unconfirmed-de-light-desktop");

    // Ten failures lock the account for a while.
    for (let i = 0; i < 10; i++) {
      const res = await page.evaluate(
        (n) =>
          fetch("/api/auth/sign-in/email", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: "greta@example.de", password: `Falsch${n}xx` }),
          }).then((r) => r.status),
        i,
      );
      expect([401, 429]).toContain(res);
    }
    await login(page, "greta@example.de", "GretaPass1");
    await visible(page, "Zu viele Versuche. Bitte warte");
    await screenshot(page, "login-too-many-de-light-desktop");

    expect(errors).toEqual([]);
    await context.close();
  });

  it("reset: a link without token, a forged token, then the real link from the mail", async () => {
    const email = "ida.reset@example.de";
    await confirmedUser(t, email, "IdaAlt123");
    const context = await newContext(browser, t.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = watchForErrors(page);

    for (const path of ["/auth/reset-password", "/update-password"]) {
      await page.goto(path);
      await visible(page, "Ungültiger oder abgelaufener Link zum Zurücksetzen des Passworts.");
      expect(await page.getByRole("button", { name: "Passwort aktualisieren" }).isDisabled()).toBe(true);
    }

    await page.goto("/auth/reset-password#access_token=forged-token&type=recovery");
    await page.getByLabel("Neues Passwort").fill("IdaNeu123");
    await page.getByLabel("Passwort bestätigen").fill("IdaNeu124");
    await visible(page, "Die Passwörter stimmen nicht überein.");
    await page.getByLabel("Passwort bestätigen").fill("IdaNeu123");
    await page.getByRole("button", { name: "Passwort aktualisieren" }).click();
    await visible(page, "Ungültiger oder abgelaufener Link zum Zurücksetzen des Passworts.");

    // Forgot password from the login page, then the mailed link.
    await page.goto("/auth/login");
    await page
      .getByRole("button", { name: "Passwort vergessen?" })
      .or(page.getByRole("link", { name: "Passwort vergessen?" }))
      .first()
      .click();
    const before = t.inbox?.countTo(email) ?? 0;
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByRole("button", { name: "Link zum Zurücksetzen senden" }).click();
    await visible(page, "E-Mail zum Zurücksetzen versendet");
    const link = await resetLink(t, email, before + 1);
    await page.goto(link);
    await page.getByLabel("Neues Passwort").fill("IdaNeu123");
    await page.getByLabel("Passwort bestätigen").fill("IdaNeu123");
    await page.getByRole("button", { name: "Passwort aktualisieren" }).click();
    await visible(page, "Passwort erfolgreich geändert! Du kannst dich jetzt anmelden.");
    await page.waitForURL(/\/auth(\/login)?$/, { timeout: 6_000 });

    // The same link a second time is dead, and the page says it was used (not "invalid").
    await page.goto(link);
    await page.getByLabel("Neues Passwort").fill("IdaDritt123");
    await page.getByLabel("Passwort bestätigen").fill("IdaDritt123");
    await page.getByRole("button", { name: "Passwort aktualisieren" }).click();
    await visible(page, "Dieser Link wurde schon benutzt: dein Passwort wurde damit bereits geändert.", {
      exact: false,
    });

    await page.goto("/auth/login");
    await login(page, email, "IdaNeu123");
    await page.waitForURL(/\/dashboard$/, { timeout: 6_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an invalid confirmation link shows the error with a way forward", async () => {
    const context = await newContext(browser, t.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await page.goto("/auth/callback?token=broken");
    await visible(page, "Bestätigung fehlgeschlagen");
    expect(
      await page
        .getByRole("link", { name: /Anmeldung/ })
        .first()
        .isVisible(),
    ).toBe(true);
    await page.goto("/auth/callback");
    await visible(page, "Ungültiger Link");
    await screenshot(page, "callback-error-de-light-desktop");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opened under an address the server does not serve as: a German sentence naming the right address", async () => {
    // In production only APP_URL is trusted; here it says localhost while the page is opened at 127.0.0.1.
    const prod = await startTestServer({
      webDist: DEFAULT_WEB_DIST,
      appUrlHost: "localhost",
      env: { NODE_ENV: "production", BETTER_AUTH_SECRET: "e".repeat(40) },
    });
    try {
      const context = await newContext(browser, prod.baseUrl, DESKTOP);
      const page = await context.newPage();
      await page.goto("/auth/login");
      await login(page, "jan@example.de", "JanPass123");
      const appUrl = prod.baseUrl.replace("127.0.0.1", "localhost");
      await visible(page, `Bitte öffne ${appUrl} und versuche es dort erneut.`);
      expect(await page.getByText("Invalid origin").count()).toBe(0);
      await screenshot(page, "login-invalid-origin-de-light-desktop");
      await context.close();
    } finally {
      await prod.close();
    }
  });
});
