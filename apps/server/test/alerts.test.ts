import type { Alert } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAlerts } from "../src/alerts/alert-runner.ts";
import { storeAlerts } from "../src/alerts/notification-store.ts";
import { createDb } from "../src/db/client.ts";
import { alertSettings, watchlist } from "../src/db/schema.ts";
import type { Mailer } from "../src/mail/mailer.ts";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { PLSX, priceRunDeps } from "./support/price-run.ts";
import type { ReceivedMail } from "./support/smtp-inbox.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { ...OFFLINE, ALERT_SCHEDULE: "true" } });
});
afterAll(async () => {
  await t?.close();
});

const header = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, "");

/** The unsubscribe page's link of a kind in a mail's text. */
function unsubscribeLink(mail: ReceivedMail): string {
  const m = /https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/.exec(mail.text);
  if (!m) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return m[0];
}
const tokenOf = (link: string) => new URL(link).searchParams.get("token") as string;

/** A confirmed user who watches PLSX on PulseChain (the price runs' token); their id. */
async function userWatchingPlsx(email: string, password: string): Promise<string> {
  const client = await confirmedUser(t, email, password);
  const userId = (await client.get("/api/me")).json.user.id as string;
  await createDb(t.running.database.pool).insert(watchlist).values({ userId, chainId: 369, address: PLSX });
  return userId;
}

async function testMail(client: HttpClient, email: string): Promise<ReceivedMail> {
  const inbox = t.inbox;
  if (!inbox) throw new Error("needs the inbox");
  const before = inbox.countTo(email);
  const res = await client.post("/api/notifications/test", {});
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ sentTo: email });
  return inbox.waitFor(email, before + 1);
}

describe("the alerts' settings", () => {
  it("start with every kind on, keep each user's own, and refuse a threshold that is no positive number", async () => {
    const anna = await confirmedUser(t, "anna.alerts@example.de", "AnnaPass1");
    const ben = await confirmedUser(t, "ben.alerts@example.de", "BenPass12", "en");
    const defaults = (await anna.get("/api/notifications/settings")).json;
    expect(defaults).toMatchObject({
      mail: true,
      hexStake: { enabled: true },
      incomeWeekly: { enabled: true },
      incomeStopped: { enabled: true, days: 14 },
      watchlist: { enabled: true, movePercent: "20", levels: [] },
      taxFree: { enabled: true, minValueEur: "100" },
      freigrenze: { enabled: true },
    });
    const changed = {
      ...defaults,
      watchlist: {
        enabled: true,
        movePercent: "12,5",
        levels: [
          { chainId: 369, address: "0x95b303987a60c71504d99aa1b13b4da07b0790ab", aboveUsd: "0.0001", belowUsd: null },
        ],
      },
      taxFree: { enabled: false, minValueEur: "250" },
    };
    const put = await anna.request("PUT", "/api/notifications/settings", changed);
    expect(put.status).toBe(200);
    expect(put.json.watchlist.movePercent).toBe("12.5");
    expect((await anna.get("/api/notifications/settings")).json.taxFree).toEqual({
      enabled: false,
      minValueEur: "250",
    });
    expect((await ben.get("/api/notifications/settings")).json.taxFree).toEqual({ enabled: true, minValueEur: "100" });

    const zero = await ben.request("PUT", "/api/notifications/settings", {
      ...defaults,
      taxFree: { enabled: true, minValueEur: "0" },
    });
    expect(zero.status).toBe(400);
    expect(zero.json.error.fields["taxFree.minValueEur"]).toBe("alerts.invalidThreshold");
    expect(zero.json.error.message).toBe("Please enter a number greater than 0, e.g. 100 or 12.5.");
    const days = await anna.request("PUT", "/api/notifications/settings", {
      ...defaults,
      incomeStopped: { enabled: true, days: 3 },
    });
    expect(days.status).toBe(400);
    expect(days.json.error.message).toBe("Bitte gib eine Anzahl von Tagen zwischen 7 und 90 ein.");
    expect((await new HttpClient(t.baseUrl).get("/api/notifications/settings")).status).toBe(401);
  });
});

describe("the test mail", () => {
  it("is the weekly income summary in the user's language, as text and HTML, with unsubscribe links and headers", async () => {
    const carla = await confirmedUser(t, "carla.alerts@example.de", "CarlaPass1");
    const german = await testMail(carla, "carla.alerts@example.de");
    expect(german.subject).toMatch(/^Test: Dein Printer-Einkommen \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/);
    expect(german.text).toContain("Gesamt: 0,00 € (Vorwoche 0,00 €), 0,00 $ (Vorwoche 0,00 $)");
    expect(german.text).toContain("Diese Art abbestellen (Printer-Einkommen: Wochenübersicht)");
    expect(german.html).toContain("Diese Art abbestellen");
    expect(header(german, "List-Unsubscribe")).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(header(german, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    await carla.request("PUT", "/api/settings", { language: "en" });
    const english = await testMail(carla, "carla.alerts@example.de");
    expect(english.subject).toMatch(/^Test: Your printer income \d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);
    expect(english.text).toContain("Total: €0.00 (week before €0.00), $0.00 (week before $0.00)");
    expect(english.text).toContain("Unsubscribe from this kind (Printer income: weekly summary)");
  });
});

describe("unsubscribing from a mail", () => {
  it("turns the link's kind off without signing in, and on again with undo", async () => {
    const dora = await confirmedUser(t, "dora.alerts@example.de", "DoraPass1");
    const link = unsubscribeLink(await testMail(dora, "dora.alerts@example.de"));
    const anonymous = new HttpClient(t.baseUrl);
    const off = await anonymous.post("/api/notifications/unsubscribe", { token: tokenOf(link) });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ scope: "incomeWeekly", resubscribed: false });
    expect((await dora.get("/api/notifications/settings")).json.incomeWeekly).toEqual({ enabled: false });
    const on = await anonymous.post("/api/notifications/unsubscribe", { token: tokenOf(link), undo: true });
    expect(on.json).toEqual({ scope: "incomeWeekly", resubscribed: true });
    expect((await dora.get("/api/notifications/settings")).json.incomeWeekly).toEqual({ enabled: true });

    // A link scanner's GET changes nothing: it only leads to the page.
    const opened = await fetch(link.replace("/unsubscribe?", "/api/notifications/unsubscribe?"), {
      redirect: "manual",
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/unsubscribe?token=${tokenOf(link)}`);
    expect((await dora.get("/api/notifications/settings")).json.incomeWeekly).toEqual({ enabled: true });
  });

  it("takes a mail client's one-click POST (RFC 8058) without origin or session: every alert mail stops", async () => {
    const emil = await confirmedUser(t, "emil.alerts@example.de", "EmilPass1");
    const mail = await testMail(emil, "emil.alerts@example.de");
    const oneClick = (header(mail, "List-Unsubscribe") ?? "").slice(1, -1);
    const res = await fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { scope: string }).scope).toBe("mail");
    expect((await emil.get("/api/notifications/settings")).json.mail).toBe(false);
  });

  it("refuses a changed or expired link and never touches another user's settings", async () => {
    const fritz = await confirmedUser(t, "fritz.alerts@example.de", "FritzPass1");
    const gina = await confirmedUser(t, "gina.alerts@example.de", "GinaPass12", "en");
    const token = tokenOf(unsubscribeLink(await testMail(fritz, "fritz.alerts@example.de")));
    const [body, signature] = token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    const ginaId = (await gina.get("/api/me")).json.user.id as string;
    const forged = `${Buffer.from(JSON.stringify({ ...claims, u: ginaId })).toString("base64url")}.${signature}`;
    const anonymous = new HttpClient(t.baseUrl, "en");
    for (const bad of [forged, `${body}.${signature.slice(0, -2)}xx`, "not-a-token-at-all"]) {
      const res = await anonymous.post("/api/notifications/unsubscribe", { token: bad });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("UNSUBSCRIBE_LINK_INVALID");
      expect(res.json.error.message).toBe(
        "This unsubscribe link is not valid. You can change your notifications in the settings.",
      );
    }
    expect((await gina.get("/api/notifications/settings")).json.incomeWeekly).toEqual({ enabled: true });
    // Without a session and before the API's own limits, the route still reads at most a small body.
    const huge = await fetch(`${t.baseUrl}/api/notifications/unsubscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: "x".repeat(20_000) }),
    });
    expect(huge.status).toBe(413);

    t.clock.advance(91 * 86_400_000);
    try {
      const expired = await new HttpClient(t.baseUrl).post("/api/notifications/unsubscribe", { token });
      expect(expired.status).toBe(410);
      expect(expired.json.error.code).toBe("UNSUBSCRIBE_LINK_EXPIRED");
      expect(expired.json.error.message).toContain("abgelaufen");
    } finally {
      t.clock.advance(-91 * 86_400_000);
    }
    expect((await fritz.get("/api/notifications/settings")).json.incomeWeekly).toEqual({ enabled: true });
  });
});

const freigrenze = (year: number): Alert => ({
  key: `freigrenze:${year}`,
  facts: { kind: "freigrenze", year, incomeEur: "210.00", freigrenzeEur: "256.00", roomEur: "46.00" },
});

describe("the notification list", () => {
  it("shows the user's own notifications, newest first, and marks them read", async () => {
    const hans = await confirmedUser(t, "hans.alerts@example.de", "HansPass1");
    const ida = await confirmedUser(t, "ida.alerts@example.de", "IdaPass12");
    const hansId = (await hans.get("/api/me")).json.user.id as string;
    const db = createDb(t.running.database.pool);
    const first = await storeAlerts(db, hansId, [freigrenze(2025)], () => false, new Date(Date.now() - 60_000));
    await storeAlerts(db, hansId, [freigrenze(2026)], () => false, new Date());
    // The same event again (another run, another worker) is not stored twice.
    expect(await storeAlerts(db, hansId, [freigrenze(2026)], () => false, new Date())).toEqual([]);

    const list = (await hans.get("/api/notifications")).json;
    expect(list.unread).toBe(2);
    expect(list.notifications.map((n: { facts: { year: number } }) => n.facts.year)).toEqual([2026, 2025]);
    expect((await ida.get("/api/notifications")).json).toEqual({ notifications: [], unread: 0 });

    // Another user's ids change nothing.
    await ida.post("/api/notifications/read", { ids: [first[0]?.id] });
    expect((await hans.get("/api/notifications")).json.unread).toBe(2);
    const read = await hans.post("/api/notifications/read", { ids: [first[0]?.id] });
    expect(read.json.unread).toBe(1);
    expect(read.json.notifications[1].readAt).not.toBeNull();
    expect((await hans.post("/api/notifications/read", {})).json.unread).toBe(0);
    expect((await hans.post("/api/notifications/read", { ids: ["nope"] })).status).toBe(400);

    // The account's data export holds them, with the alert settings.
    const exported = (await hans.get("/api/account/export")).json;
    expect(exported.notifications.map((n: { facts: { year: number } }) => n.facts.year)).toEqual([2025, 2026]);
    expect(exported.notifications[0].readAt).not.toBeNull();
    expect(exported.alertSettings.incomeStopped).toEqual({ enabled: true, days: 14 });
  });
});

describe("the alert schedules", () => {
  it("are kept by pg-boss in the database: prices every 15 minutes, the rest each morning, German time", async () => {
    const rows = await t.running.database.pool.query(
      "select name, cron, options->>'tz' as tz from pgboss.schedule where name like 'alerts-%' order by name",
    );
    expect(rows.rows).toEqual([
      { name: "alerts-daily", cron: "30 7 * * *", tz: "Europe/Berlin" },
      { name: "alerts-prices", cron: "*/15 * * * *", tz: "Europe/Berlin" },
    ]);
  });
});

describe("a run whose mail cannot be sent", () => {
  it("keeps the alert for the next run's mail, which sends it once", async () => {
    await userWatchingPlsx("jana.alerts@example.de", "JanaPass12");
    const deps = (mailer: Mailer) => priceRunDeps(t, { priceUsd: "0.00001", change24h: "-50" }, { mailer });
    const down: Mailer = {
      mode: "smtp",
      send: async () => {
        throw new Error("SMTP down");
      },
    };
    expect(await runAlerts(deps(down), "prices")).toMatchObject({ stored: 1, mails: 0, failures: 1 });
    const before = t.inbox?.countTo("jana.alerts@example.de") ?? 0;
    expect(await runAlerts(deps(t.running.mailer), "prices")).toMatchObject({ stored: 0, mails: 1, failures: 0 });
    const mail = await t.inbox?.waitFor("jana.alerts@example.de", before + 1);
    expect(mail?.subject).toBe("PLSX −50 % in 24 Stunden");
    expect(await runAlerts(deps(t.running.mailer), "prices")).toMatchObject({ stored: 0, mails: 0 });
  });
});

describe("a watched token's move", () => {
  it("is reported once: the next day's runs still see it in the 24-hour change, a day later it may come again", async () => {
    const userId = await userWatchingPlsx("kai.alerts@example.de", "KaiPass123");
    // 20:00 Berlin on one day; then 14 hours later (the next calendar day), then 25 hours later.
    let at = new Date("2026-11-26T19:00:00Z");
    const deps = priceRunDeps(t, { priceUsd: "0.00003", change24h: "25" }, { at: () => at });
    expect(await runAlerts(deps, "prices", { onlyUser: userId })).toMatchObject({ stored: 1, mails: 1 });
    at = new Date("2026-11-27T09:00:00Z");
    expect(await runAlerts(deps, "prices", { onlyUser: userId })).toMatchObject({ stored: 0, mails: 0 });
    at = new Date("2026-11-27T20:00:00Z");
    expect(await runAlerts(deps, "prices", { onlyUser: userId })).toMatchObject({ stored: 1, mails: 1 });
  });
});

describe("stored alert settings that no longer fit the schema", () => {
  it("keep every setting that still reads; only the broken one goes back to its default", async () => {
    const lea = await confirmedUser(t, "lea.alerts@example.de", "LeaPass1234");
    const userId = (await lea.get("/api/me")).json.user.id as string;
    const stored = { mail: false, taxFree: { enabled: false, minValueEur: "250" }, watchlist: { enabled: "yes" } };
    await createDb(t.running.database.pool).insert(alertSettings).values({ userId, settings: stored });
    const read = (await lea.get("/api/notifications/settings")).json;
    expect(read.mail).toBe(false);
    expect(read.taxFree).toEqual({ enabled: false, minValueEur: "250" });
    expect(read.watchlist).toEqual({ enabled: true, movePercent: "20", levels: [] });
  });
});
