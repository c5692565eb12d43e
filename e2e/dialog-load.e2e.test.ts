/**
 * Dialogs load their parts when they first open (components/dialog-on-demand.tsx). A phone that loses
 * its connection just then keeps its page: the menu does not open, and the next tap opens it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { startAppServer, type TestServer } from "./support/app.ts";
import { launchBrowser, newContext, PHONE, watchForErrors } from "./support/browser.ts";

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

describe("the phone menu while the connection drops", () => {
  it("keeps the page when the menu cannot load, and opens on the next tap", async () => {
    const email = "offline.menu@example.de";
    const password = "Funkloch2026!";
    await confirmedUser(t, email, password, "de");
    const context = await newContext(browser, t.baseUrl, PHONE);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    // No connection for the menu's parts: neither the early fetch in idle time nor the tap gets them.
    let offline = true;
    await page.route(/mobile-menu-dialog-[\w-]+\.js$/, (route) => (offline ? route.abort() : route.continue()));
    await page.goto("/auth/login");
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect.poll(() => heading.isVisible()).toBe(true);

    const button = page.getByTestId("mobile-menu-button");
    await button.click();
    // The menu closes again by itself (its button says so) and the dashboard stays.
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByTestId("mobile-menu").count()).toBe(0);
    expect(await heading.isVisible()).toBe(true);

    offline = false;
    await button.click();
    await expect.poll(() => page.getByTestId("mobile-menu").isVisible()).toBe(true);
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    // The failed requests are the browser's own lines; the app itself reported nothing.
    expect(errors.filter((e) => !/Failed to load|mobile-menu-dialog|dynamically imported module/i.test(e))).toEqual([]);
    await context.close();
  });
});
