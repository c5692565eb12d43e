import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { startAppServer, type TestServer } from "./support/app.ts";
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

describe("GDPR in settings", () => {
  it("downloads all own data as JSON, then deletes the account after the password is given again", async () => {
    const email = "jonas.daten@example.de";
    const password = "JonasPass1";
    await confirmedUser(t, email, password);
    const context = await newContext(browser, t.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await page.goto("/auth/login");
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL(/\/dashboard$/);

    await page.goto("/settings");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Daten herunterladen" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pulsemanager-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path()) as string, "utf8"));
    expect(data.user.email).toBe(email);
    expect(data.profile.subscriptionStatus).toBe("trial");

    await page.getByRole("button", { name: "Konto löschen" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Passwort", { exact: true }).fill("Falsch123");
    await dialog.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect.poll(() => dialog.getByText("Das Passwort ist falsch.").isVisible()).toBe(true);
    await screenshot(page, "settings-delete-de-light-desktop");
    await dialog.getByLabel("Passwort", { exact: true }).fill(password);
    await dialog.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await page.waitForURL(/\/auth\/login/);

    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect
      .poll(() => page.getByText("E-Mail oder Passwort ist falsch. Bitte überprüfe deine Eingaben.").isVisible())
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
