import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { confirmationLink, startAppServer, type TestServer } from "./support/app.ts";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, watchForErrors } from "./support/browser.ts";

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

async function fillRegistration(page: Page, email: string, password: string, confirm = password) {
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByLabel("Passwort bestätigen").fill(confirm);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe("a new user, German, desktop", () => {
  it("registers, confirms through the mailed link, moves around, switches to English and dark, hits a 404, logs out and in", async () => {
    const context = await newContext(browser, t.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    const email = "anna.schmidt@example.de";
    const password = "Sonne123!";

    // A protected page sends a visitor to the login, keeping where they wanted to go.
    await page.goto("/portfolio");
    await page.waitForURL(/\/auth\/login\?redirect=%2Fportfolio/);
    await expect.poll(() => page.getByRole("heading", { name: "Anmelden" }).isVisible()).toBe(true);
    await screenshot(page, "login-de-light-desktop");

    await page.getByRole("link", { name: "Jetzt registrieren" }).click();
    await page.waitForURL(/\/auth\/register/);
    const submit = page.getByRole("button", { name: "Konto erstellen" });

    // Short password, then a mismatch: the spec's words, submit stays disabled.
    await fillRegistration(page, email, "abc", "abc");
    await expect.poll(() => page.getByText("Das Passwort muss mindestens 6 Zeichen lang sein.").isVisible()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await fillRegistration(page, email, password, "Sonne124!");
    await expect.poll(() => page.getByText("Die Passwörter stimmen nicht überein.").isVisible()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByTestId("password-strength").getAttribute("data-level")).toBe("strong");

    await fillRegistration(page, email, password);
    await screenshot(page, "register-de-light-desktop");
    await submit.click();
    await expect.poll(() => page.getByText("Registrierung erfolgreich!").isVisible()).toBe(true);
    await page.waitForURL(/\/auth\/login/, { timeout: 6_000 });

    // The confirmation arrives over SMTP; its link confirms and signs in.
    const link = await confirmationLink(t, email);
    await page.goto(link);
    await expect.poll(() => page.getByText("E-Mail-Adresse bestätigt").isVisible()).toBe(true);
    await page.waitForURL(/\/dashboard$/, { timeout: 6_000 });
    // The first visit is greeted as such; later ones (the sidebar round below) as a return.
    await expect.poll(() => page.getByText("Willkommen, anna.schmidt!").isVisible()).toBe(true);
    // A new user without wallets sees the way forward: three steps.
    await expect.poll(() => page.getByTestId("first-steps").locator("li").count()).toBe(3);
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    expect(await page.getByTestId("plan-card").getAttribute("data-plan")).toBe("community");
    await screenshot(page, "dashboard-de-light-desktop");

    // Every sidebar item leads to its page and is marked active.
    const nav = page.getByTestId("sidebar-nav");
    for (const [name, path, heading] of [
      ["Portfolio", "/portfolio", "Portfolio"],
      ["Wallet-Report", "/wallet-report", "Wallet-Report"],
      ["ROI-Tracker", "/roi-tracker", "ROI-Tracker"],
      ["PulseChain Infos", "/pulsechain-info", "PulseChain"],
      ["Dashboard", "/dashboard", "Willkommen zurück"],
    ] as const) {
      await nav.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(new RegExp(`${path}$`));
      await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toContain(heading);
      expect(await nav.getByRole("link", { name, exact: true }).getAttribute("aria-current")).toBe("page");
    }
    for (const external of ["Token tauschen (PulseX)", "PulseChain Bridge", "WGEP kaufen"]) {
      const a = nav.getByRole("link", { name: new RegExp(external.replace(/[()]/g, "\\$&")) });
      expect(await a.getAttribute("target")).toBe("_blank");
      expect(await a.getAttribute("rel")).toContain("noopener");
    }

    // The privacy overlay closes with Escape.
    await page.getByTestId("open-privacy-overlay").click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // English and dark, kept after a reload.
    await page.getByRole("button", { name: "EN", exact: true }).click();
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain("dark");
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem("appLanguage"), localStorage.getItem("appTheme")])).toEqual([
      "en",
      "dark",
    ]);
    await expect.poll(() => page.getByText("Welcome back, anna.schmidt!").isVisible()).toBe(true);
    await expect.poll(() => nav.getByRole("link", { name: "Wallet Report", exact: true }).isVisible()).toBe(true);
    await screenshot(page, "dashboard-en-dark-desktop");

    // An unknown path: the 404 page, then home after 5 seconds.
    await page.goto("/this/does/not/exist");
    await expect.poll(() => page.getByTestId("not-found").isVisible()).toBe(true);
    await screenshot(page, "not-found-en-dark-desktop");
    const started = Date.now();
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/dashboard", { timeout: 8_000 });
    expect(Date.now() - started).toBeGreaterThan(3_500);

    // Log out, protected pages are closed again; log back in and land where we wanted.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/auth(\/login)?$/);
    await page.goto("/settings");
    await page.waitForURL(/\/auth\/login\?redirect=%2Fsettings/);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => page.getByText("Login Successful").isVisible()).toBe(true);
    await page.waitForURL(/\/settings$/, { timeout: 5_000 });
    await screenshot(page, "settings-en-dark-desktop");

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("on a phone", () => {
  it("uses the slide-in menu, never scrolls sideways, in both languages and themes", async () => {
    const email = "ben.phone@example.de";
    const password = "Handy2026!";
    for (const [lang, scheme] of [
      ["de", "light"],
      ["en", "dark"],
    ] as const) {
      const context = await newContext(browser, t.baseUrl, PHONE, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);

      if (lang === "de") {
        await page.goto("/auth/register");
        await fillRegistration(page, email, password);
        await page.getByRole("button", { name: "Konto erstellen" }).click();
        await expect.poll(() => page.getByText("Registrierung erfolgreich!").isVisible()).toBe(true);
        await page.goto(await confirmationLink(t, email));
        await page.waitForURL(/\/dashboard$/, { timeout: 6_000 });
      } else {
        await page.goto("/auth/login");
        await page.getByLabel("Email address").fill(email);
        await page.getByLabel("Password", { exact: true }).fill(password);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await page.waitForURL(/\/dashboard$/, { timeout: 6_000 });
      }
      // System dark preference is the default theme when nothing is stored.
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `dashboard-${lang}-${scheme}-phone`);

      expect(await page.getByTestId("sidebar-nav").isVisible()).toBe(false);
      await page.getByTestId("mobile-menu-button").click();
      const menu = page.getByTestId("mobile-menu");
      await expect.poll(() => menu.isVisible()).toBe(true);
      const box = await menu.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(PHONE.width * 0.85 + 1);
      await screenshot(page, `menu-${lang}-${scheme}-phone`);
      await page.getByTestId("mobile-sidebar-nav").getByRole("link", { name: "Portfolio", exact: true }).click();
      await page.waitForURL(/\/portfolio$/);
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      for (const path of ["/settings", "/pulsechain-info", "/academy", "/disclaimer", "/privacy-policy"]) {
        await page.goto(path);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).first().isVisible()).toBe(true);
        expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      }
      await screenshot(page, `privacy-${lang}-${scheme}-phone`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

// Dialogs load their parts when they first open (components/dialog-on-demand.tsx): a phone that loses its
// connection just then keeps its page.
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
