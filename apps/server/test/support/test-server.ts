import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp, type RunningApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/logger.ts";
import { startEmptyNode } from "../providers/empty-node.ts";
import { SmtpInbox } from "./smtp-inbox.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export interface TestServer {
  baseUrl: string;
  inbox: SmtpInbox | undefined;
  running: RunningApp;
  clock: TestClock;
  database: TestDatabase;
  /** graceful false: stop like a killed process (running report jobs stay behind for the next start). */
  close(options?: { graceful?: boolean }): Promise<void>;
}

/** A clock the tests move forward; starts at the real time. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /**
   * Moves to the start of the next fixed window (the rate limits count in windows of wall-clock time),
   * so attempts a test counts are never split by a window boundary passing while it runs.
   */
  startOfNextWindow(windowSeconds: number): void {
    const ms = windowSeconds * 1000;
    const now = this.now().getTime();
    this.offsetMs += ms - (now % ms) + 1000;
  }
}

export interface TestServerOptions {
  smtp?: boolean;
  env?: Record<string, string>;
  database?: TestDatabase;
  /** Serve the built web app (e2e); the API-only default is for server tests. */
  webDist?: string;
  /** APP_URL's host name (default 127.0.0.1, the address the server listens on). */
  appUrlHost?: string;
}

const SECRET = "test-secret-for-pulsemanager-tests-only-0123456789";

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const inbox = options.smtp === false ? undefined : new SmtpInbox();
  const smtpUrl = inbox ? await inbox.start() : undefined;
  const database = options.database ?? (await createTestDatabase());
  const clock = new TestClock();
  const names = (key: string) => Boolean(options.env && key in options.env);
  const node = names("PULSECHAIN_RPC_URL") && names("ETHEREUM_RPC_URL") ? undefined : await startEmptyNode();

  // Listen first so APP_URL (used in mail links) names the real port.
  type Fetch = RunningApp["app"]["fetch"];
  const holder: { fetch?: Fetch } = {};
  const server = serve({
    fetch: (req, env) => (holder.fetch as Fetch)(req, env),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: `http://${options.appUrlHost ?? "127.0.0.1"}:${port}`,
    PORT: String(port),
    DATA_DIR: "./.test-data",
    LOG_LEVEL: "silent",
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    MAIL_FROM: "PulseManager <no-reply@pulsemanager.test>",
    // Tests never read the public news feeds (a test that wants news passes its fakes).
    NEWS_FEEDS: "off",
    GECKOTERMINAL_URL: "off",
    DEXSCREENER_URL: "off",
    PULSEX_SUBGRAPH_URLS: "off",
    // The explorers in tests are local fakes: no pause between requests (the explorer's own pace, 429s
    // and Retry-After are tested in history-sync-pace.test.ts against the paced fake Blockscout).
    PULSECHAIN_BLOCKSCOUT_RPS: "100",
    // No test reaches a public node: without a node of its own, a test reads a chain with nothing on it.
    ...(node ? { PULSECHAIN_RPC_URL: `${node.url}/369`, ETHEREUM_RPC_URL: `${node.url}/1` } : {}),
    ETHEREUM_BLOCKSCOUT_RPS: "100",
    // A quarter-hour or morning tick must not run the alert checks beside a test (alerts.test.ts turns them on).
    ALERT_SCHEDULE: "false",
    ...options.env,
  });
  const running = await createApp({
    config,
    logger: createLogger("silent"),
    database: await database.handle(),
    now: clock.now,
    webDist: options.webDist ?? false,
    authSecret: SECRET,
  });
  holder.fetch = running.app.fetch;

  return {
    baseUrl,
    inbox,
    running,
    clock,
    database,
    async close(closeOptions = {}) {
      (server as Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await running.close(closeOptions);
      if (!options.database) await database.drop();
      await inbox?.stop();
      await node?.close();
    },
  };
}
