import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { startFakeEcb } from "../../apps/server/test/providers/fake-ecb.ts";
import type { Fake } from "../../apps/server/test/providers/fake-http.ts";
import { DESKTOP, launchBrowser, PHONE } from "./browser.ts";
import { type DevchainAppServer, startDevchainAppServer } from "./devchain-app.ts";

export interface DevchainSuite {
  app: DevchainAppServer;
  ecb: Fake & { baseUrl: string; setDown(down: boolean): void };
  browser: Browser;
}

/**
 * The app on the devchain with a local ECB (a fixed rate over `ecbDays`) and Chromium, started before
 * the file's tests and stopped after them. The fields are filled in beforeAll.
 */
export function devchainSuite(
  ecbDays: { from: string; to: string },
  options: { recentPayouts?: boolean } = {},
): DevchainSuite {
  const suite = {} as DevchainSuite;
  beforeAll(async () => {
    suite.ecb = await startFakeEcb({ ...ecbDays, rateOn: () => "1.0950" });
    suite.app = await startDevchainAppServer({ ECB_URL: suite.ecb.baseUrl }, options);
    suite.browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.close();
    await suite.ecb?.close();
  });
  return suite;
}

/** The two looks every journey is run in: German light on a desktop, English dark on a phone. */
export const LOOKS = [
  ["de", "light", DESKTOP],
  ["en", "dark", PHONE],
] as const;

export function deviceOf(viewport: { width: number }): "phone" | "desktop" {
  return viewport === PHONE ? "phone" : "desktop";
}

/** Waits for the browser and the server (devchain loads take a few seconds). */
export function poll<T>(fn: () => Promise<T> | T, timeout = 15_000) {
  return expect.poll(fn, { timeout, interval: 100 });
}
