/**
 * Keyboard users reach the add-wallet form in a few key presses (it took 153 Tab presses): the
 * shell's "Zum Inhalt springen", then the portfolio page's own skip link to the form.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { startAppServer, type TestServer } from "./support/app.ts";
import { DESKTOP, launchBrowser, newContext, watchForErrors } from "./support/browser.ts";

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

describe("skip links", () => {
  it("reach the add-wallet address field with two Tab and two Enter presses", async () => {
    await confirmedUser(t, "tabby@example.de", "TabbyPass1");
    const context = await newContext(browser, t.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await page.goto("/auth/login");
    await page.getByLabel("E-Mail-Adresse").fill("tabby@example.de");
    await page.getByLabel("Passwort", { exact: true }).fill("TabbyPass1");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL(/\/dashboard|\/portfolio|\/$/);
    await page.goto("/portfolio");
    await page.getByTestId("wallet-count").waitFor();

    const focused = () =>
      page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.id);
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Zum Inhalt springen");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Zum Formular „Wallet hinzufügen“ springen");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("walletAddress");
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
