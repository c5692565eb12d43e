/**
 * npm run demo: the whole app on the local devchain, fully offline, with a demo
 * account that already holds the seeded wallets. Data under ./data-demo.
 */

import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { createApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { createDb } from "../apps/server/src/db/client.ts";
import { fxRates, mailOutbox } from "../apps/server/src/db/schema.ts";
import { createLogger } from "../apps/server/src/logger.ts";
import { binanceExport, startDevchain } from "../tools/devchain/src/index.ts";

const EMAIL = "demo@pulsemanager.local";
const PASSWORD = "PulseDemo2026!";
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data-demo");
const port = Number(process.env.PORT ?? 3000);
mkdirSync(dataDir, { recursive: true });

// Built every time, as `npm start` does: a build left from older sources would show an older page.
console.log("Building the web app...");
const build = spawnSync("npm", ["run", "build", "--workspace", "@pulsemanager/web"], { stdio: "inherit" });
if (build.status !== 0) throw new Error("the web app did not build");

console.log("Starting the devchain (PulseChain 369 and Ethereum 1 on anvil)...");
// recentPayouts: after the fixed story both printers also pay over the last 30 days, so the ROI
// tracker's 24-hour and 30-day figures are not zero.
const devchain = await startDevchain({ chains: [369, 1], recentPayouts: true });
const devchainFile = path.join(dataDir, "devchain.json");
writeFileSync(devchainFile, JSON.stringify(devchain.toJSON(), null, 2));

const config = loadConfig({
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  DEVCHAIN_FILE: devchainFile,
  ADMIN_EMAILS: EMAIL,
  APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
});
const logger = createLogger(process.env.LOG_LEVEL ?? "warn");
const running = await createApp({ config, logger });
// This machine only, on both loopbacks: "localhost" resolves to 127.0.0.1 or [::1] depending on the system.
const server = serve({ fetch: running.app.fetch, port, hostname: "127.0.0.1" });
await new Promise<void>((resolve) => server.once("listening", () => resolve()));
const serverV6 = serve({ fetch: running.app.fetch, port, hostname: "::1" });
await new Promise<void>((resolve) => {
  serverV6.once("listening", () => resolve());
  // A machine without IPv6 keeps the IPv4 loopback.
  serverV6.once("error", () => resolve());
});
const base = `http://127.0.0.1:${port}`;

// The demo account goes through the real flow: sign up, confirm by the mailed link, log in.
const cookies = new Map<string, string>();
async function call(method: string, p: string, body?: unknown) {
  const res = await fetch(base + p, {
    method,
    headers: {
      origin: config.appUrl,
      "content-type": "application/json",
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair = ""] = c.split(";");
    const i = pair.indexOf("=");
    cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return res;
}
let login = await call("POST", "/api/auth/sign-in/email", { email: EMAIL, password: PASSWORD });
if (!login.ok) {
  await call("POST", "/api/auth/sign-up/email", { email: EMAIL, password: PASSWORD });
  const db = createDb(running.database.pool);
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, EMAIL));
  const token = mail?.textBody.match(/token=([\w.-]+)/)?.[1];
  if (!token) throw new Error("demo: no confirmation mail");
  await call("GET", `/api/auth/verify-email?token=${token}`);
  login = await call("POST", "/api/auth/sign-in/email", { email: EMAIL, password: PASSWORD });
}
if (!login.ok) throw new Error(`demo: login failed (${login.status})`);
// The devchain's story is in 2024 and January 2025, its Ethereum's time before the PulseChain fork in
// 2022-2023, and the demo is offline (no ECB): a fixed, clearly labelled euro rate of 1.10 USD per EUR
// for those days, so the demo's tax report has EUR values.
const demoDays: { day: string; usdPerEur: string; source: string }[] = [];
for (
  let d = new Date(Date.UTC(2021, 11, 1));
  d < new Date(Date.UTC(2025, 2, 1));
  d = new Date(d.getTime() + 86_400_000)
)
  if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6)
    demoDays.push({ day: d.toISOString().slice(0, 10), usdPerEur: "1.10", source: "demo" });
// The same fixed rate for the last five weeks: the portfolio in euros and the printers' recent payouts,
// labelled as the demo's rate.
for (let back = 35; back >= 0; back--) {
  const day = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  demoDays.push({ day, usdPerEur: "1.10", source: "demo" });
}
await createDb(running.database.pool).insert(fxRates).values(demoDays).onConflictDoNothing();

const names = ["Hauptwallet", "Sparwallet", "Trading", "Printer", "Experimente"];
for (const [i, address] of devchain.chain(369).wallets.users.entries()) {
  await call("POST", "/api/wallet-management", { address, nickname: names[i], blockchain: "pulsechain" });
}
// The exchange that paid out USDC and DAI to the main wallet in the story: its Binance export, written
// from those payouts (tools/devchain/README.md, "The exchange"), imported as the demo's exchange account.
const exchangeCsv = binanceExport(
  devchain.seeded,
  devchain.chain(1).tokens,
  devchain.chain(369).wallets.users[0] as `0x${string}`,
);
writeFileSync(path.join(dataDir, "binance-demo.csv"), exchangeCsv);
const imported = await fetch(`${base}/api/imports?name=binance-demo.csv`, {
  method: "POST",
  headers: {
    origin: config.appUrl,
    "content-type": "text/csv",
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  },
  body: exchangeCsv,
});
if (!imported.ok) throw new Error(`demo: the exchange export was not imported (${imported.status})`);

console.log(`
PulseManager demo is running on ${config.appUrl}  (offline: local devchain, no third-party calls)

  E-Mail:   ${EMAIL}
  Passwort: ${PASSWORD}

  The account holds the 5 seeded devchain wallets; it is an owner account (ADMIN_EMAILS).
  Devchain RPC: PulseChain ${devchain.chain(369).rpcUrl}, Ethereum ${devchain.chain(1).rpcUrl}
  Mails (no SMTP): ${config.appUrl}/dev/outbox
  Tax report: the story is in 2024 and January 2025; euro values (also the portfolio's) use a fixed demo rate of 1.10 USD per EUR.
  ROI tracker: both printers (PRINT pays PLSX, HEXP pays HEX) also paid over the last 30 days.
  Exchange account: "Binance" (wallet report page), whose withdrawals are the main wallet's USDC and DAI payouts.
  Alerts: settings, owner tools, "Benachrichtigungen prüfen" (daily, 2026-02-06): the main wallet's HEX stake
  ends the next day; its mail lands in the outbox once.
Ctrl+C stops everything.`);

const stop = async () => {
  server.close();
  serverV6.close();
  await running.close().catch(() => undefined);
  await devchain.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
