import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { ensureChromium } from "./chromium.ts";

export { CHROMIUM } from "./chromium.ts";
/** Root on this machine, and no background connections: its closed network refuses them. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../test-results/screenshots");

/**
 * Debian's Chromium (installed when missing), headless, with the flags this machine needs (no background
 * networking); Playwright gives each launch a fresh, empty profile directory.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  options: { colorScheme?: "light" | "dark" } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    colorScheme: options.colorScheme ?? "light",
    locale: "de-DE",
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * Collects page errors and console errors. Expected 4xx answers (wrong password,
 * dead link...) are part of the journeys; a 5xx or a script error is not.
 */
export function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (
      msg.type() === "error" &&
      !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())
    ) {
      problems.push(`console: ${msg.text()}`);
    }
  });
  return problems;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}
