import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { EARLY_ANSWERS } from "../../apps/web/src/lib/early-answers.ts";
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

/**
 * Loads `path` afresh and waits until its first screen has taken every API answer the route-preload
 * script asked for while the code loaded (apps/web/src/lib/early-answers.ts). Returns what went wrong:
 * answers left untaken (the app asks for other paths than the build's list says) and GET /api paths
 * asked for twice (an early answer not taken but asked again); empty when nothing did.
 */
export async function loadTakingEarlyAnswers(page: Page, path: string, timeout = 30_000): Promise<string[]> {
  const asked = new Map<string, number>();
  const count = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/")) {
      const key = url.pathname + url.search;
      asked.set(key, (asked.get(key) ?? 0) + 1);
    }
  };
  page.on("request", count);
  try {
    await page.goto(path);
    const untaken = () =>
      page.evaluate((name) => {
        const answers = (window as unknown as Record<string, object | undefined>)[name];
        return answers ? Object.keys(answers) : ["(the route-preload script did not run)"];
      }, EARLY_ANSWERS);
    const start = Date.now();
    let left = await untaken();
    while (left.length > 0 && Date.now() - start < timeout) {
      await page.waitForTimeout(200);
      left = await untaken();
    }
    const twice = [...asked].filter(([, n]) => n > 1).map(([key, n]) => `${key} asked ${n} times`);
    return [...left.map((key) => `${key} not taken`), ...twice];
  } finally {
    page.off("request", count);
  }
}
