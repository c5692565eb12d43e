import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
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

/** Where the page keeps what it saw of the early answers (set up by `recordEarlyAnswers`). */
const EARLY_SEEN = "pmEarlyAnswersSeen";

interface SeenAnswer {
  path: string;
  response: Promise<Response>;
  /** The app looked the answer up (took it); an answer dropped by a change is deleted unread. */
  read: boolean;
}

/**
 * Runs in the page before its scripts: remembers every answer the route-preload script keeps under
 * window[answers], and whether the app looked it up, however it leaves the list later. The script writes
 * new keys into a plain object, which no trap sees; a trap on that object's prototype does, since setting
 * a key an object lacks goes on to its prototype's [[Set]]. The key is then kept as a getter.
 */
function recordEarlyAnswers({ answers, seen }: { answers: string; seen: string }): void {
  const page = window as unknown as Record<string, unknown>;
  if (page[seen]) return;
  const entries: SeenAnswer[] = [];
  page[seen] = entries;
  const trap = new Proxy(Object.create(null) as object, {
    set(_target, key, value, receiver) {
      const entry = { path: String(key), response: (value as { response: Promise<Response> }).response, read: false };
      entries.push(entry);
      const get = () => {
        entry.read = true;
        return value;
      };
      return Reflect.defineProperty(receiver, key, { get, enumerable: true, configurable: true });
    },
  });
  let kept: object | undefined;
  Object.defineProperty(window, answers, {
    configurable: true,
    get: () => kept,
    set: (value: object) => {
      kept = value;
      Object.setPrototypeOf(value, trap);
    },
  });
}

/**
 * Loads `path` afresh and waits until its first screen has read every API answer the route-preload
 * script asked for while the code loaded (apps/web/src/lib/early-answers.ts). Returns what went wrong:
 * answers left untaken (the app asks for other paths than the build's list says), taken but not read
 * (the app asked the server again: the answer failed or came too late) and dropped although the page
 * sent no change; empty when nothing did. Answers a change dropped (the contract: a POST, PUT, PATCH or
 * DELETE drops those not yet taken) and later requests for the same paths are the app's business.
 */
export async function loadTakingEarlyAnswers(page: Page, path: string, timeout = 30_000): Promise<string[]> {
  await page.addInitScript(recordEarlyAnswers, { answers: EARLY_ANSWERS, seen: EARLY_SEEN });
  const changes: string[] = [];
  const onRequest = (request: Request) => {
    if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/api/")) changes.push(request.url());
  };
  page.on("request", onRequest);
  try {
    await page.goto(path);
    const problems = () => earlyAnswerProblems(page, changes.length > 0);
    const start = Date.now();
    let left = await problems();
    while (left.length > 0 && Date.now() - start < timeout) {
      await page.waitForTimeout(200);
      left = await problems();
    }
    return left;
  } finally {
    page.off("request", onRequest);
  }
}

function earlyAnswerProblems(page: Page, changed: boolean): Promise<string[]> {
  return page.evaluate(
    async ({ answers, seen, changed }) => {
      const page = window as unknown as Record<string, unknown>;
      const entries = page[seen] as SeenAnswer[] | undefined;
      const kept = page[answers] as object | undefined;
      if (!entries || !kept) return ["(the route-preload script did not run)"];
      const states = await Promise.all(
        entries.map(async ({ path, response, read }) => {
          if (Object.hasOwn(kept, path)) return `${path} not taken`;
          if (!read) return changed ? null : `${path} dropped without a change`;
          const answer = await response.catch(() => undefined);
          if (!answer) return `${path} failed`;
          return answer.bodyUsed ? null : `${path} taken but asked again (answer ${answer.status})`;
        }),
      );
      return states.filter((state): state is string => state !== null);
    },
    { answers: EARLY_ANSWERS, seen: EARLY_SEEN, changed },
  );
}
