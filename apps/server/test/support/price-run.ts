import type { MarketToken } from "@pulsemanager/core";
import type { AlertRunDeps } from "../../src/alerts/alert-runner.ts";
import { createDb } from "../../src/db/client.ts";
import { createLogger } from "../../src/logger.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import type { TestServer } from "./test-server.ts";

/** PulseX on PulseChain as the market would list it, at a price and a 24-hour change. */
export const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";

/**
 * An alert run on a test server's database and mailer with a market of one row (PLSX at the given price
 * and 24-hour change), at the moment `at()` (the run's and the real clock alike).
 */
export function priceRunDeps(
  server: TestServer,
  quote: { priceUsd: string; change24h: string },
  options: { at?: () => Date; mailer?: Mailer } = {},
): AlertRunDeps {
  const row: MarketToken = {
    ...{ chainId: 369, address: PLSX, symbol: "PLSX", name: "PulseX", ...quote },
    ...{ volume24hUsd: null, liquidityUsd: null, marketCapUsd: null, known: true },
  };
  const at = options.at ?? server.clock.now;
  return {
    ...{ db: createDb(server.running.database.pool), chain: server.running.chain, logger: createLogger("silent") },
    mailer: options.mailer ?? server.running.mailer,
    market: { rows: async () => ({ tokens: [row], asOf: at() }) },
    ...{ now: at, clock: at, appUrl: server.baseUrl, secret: "test-alert-secret", hasFullAccess: async () => true },
  };
}
