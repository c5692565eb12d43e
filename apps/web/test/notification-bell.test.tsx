/**
 * The bell and the notification list: the unread count in the bell's accessible name and badge, the
 * notifications in the words of core's alertText in the page's language with their time, unread ones
 * marked; the requests behind "mark read" and the minute's refetch; the test mail's 429 as minutes.
 */
import { type AlertFacts, alertText, type Notification, type NotificationList } from "@pulsemanager/core";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { badgeText } from "../src/features/notifications/bell-label.ts";
import { NotificationBell } from "../src/features/notifications/notification-bell.tsx";
import { NotificationItems } from "../src/features/notifications/notification-items.tsx";
import { notificationTime } from "../src/features/notifications/notification-time.ts";
import { notificationsApi, notificationsQueryOptions } from "../src/features/notifications/notifications-api.ts";
import { testMailWaitMinutes } from "../src/features/notifications/test-mail.ts";
import { ApiError } from "../src/lib/api.ts";
import { NOTIFICATIONS_QUERY_KEY } from "../src/lib/query-keys.ts";
import { renderWith, textOf } from "./notifications-render.tsx";

const NOW = new Date("2026-11-27T12:00:00Z");
const TAX_FREE: AlertFacts = {
  kind: "taxFree",
  date: "2026-12-10",
  chainId: 369,
  symbol: "PLSX",
  wallet: "0x1234567890abcdef1234567890abcdef12345678",
  amount: "1500000",
  valueEur: "42.5",
};
const MOVE: AlertFacts = {
  kind: "watchlist",
  chainId: 369,
  address: "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
  symbol: "HEX",
  priceUsd: "0.0052",
  reason: "move",
  levelUsd: null,
  changePercent: "-23.4",
};
const LIST: Notification[] = [
  { id: "a", createdAt: "2026-11-27T11:55:00Z", readAt: null, facts: TAX_FREE },
  { id: "b", createdAt: "2026-11-27T09:00:00Z", readAt: "2026-11-27T10:00:00Z", facts: MOVE },
];

function withList(list: NotificationList): QueryClient {
  const client = new QueryClient();
  client.setQueryData(NOTIFICATIONS_QUERY_KEY, list);
  return client;
}

function answering(body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("the bell", () => {
  it("says the unread count in its name and shows it in the badge", async () => {
    const html = await renderWith("de", <NotificationBell />, { client: withList({ notifications: LIST, unread: 3 }) });
    expect(html).toContain('aria-label="Benachrichtigungen: 3 ungelesen"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toMatch(/data-testid="notification-badge"[^>]*>3</);
    const en = await renderWith("en", <NotificationBell />, { client: withList({ notifications: LIST, unread: 1 }) });
    expect(en).toContain('aria-label="Notifications: 1 unread"');
  });

  it("shows no badge and the plain name when nothing is unread", async () => {
    const html = await renderWith("de", <NotificationBell />, { client: withList({ notifications: [], unread: 0 }) });
    expect(html).toContain('aria-label="Benachrichtigungen"');
    expect(html).not.toContain("notification-badge");
  });

  it("caps the badge at 99+", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe("7");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(120)).toBe("99+");
  });
});

describe("the notification list", () => {
  it("renders each notification with alertText's words in German, unread ones marked", async () => {
    const html = await renderWith("de", <NotificationItems notifications={LIST} onOpen={() => {}} now={NOW} />);
    const words = textOf(html);
    for (const n of LIST) {
      const text = alertText(n.facts, "de");
      expect(words).toContain(text.title);
      for (const line of text.lines) expect(words).toContain(line);
    }
    expect(words).toContain("PLSX wird am 10.12.2026 steuerfrei");
    expect(words).toContain("vor 5 Minuten");
    expect(words).toContain("vor 3 Stunden");
    expect(html.match(/data-unread="true"/g)).toHaveLength(1);
    expect(words.match(/Ungelesen/g)).toHaveLength(1);
    expect(words).toContain("Gelesen");
  });

  it("speaks English in English, the short form with the first line only", async () => {
    const words = textOf(
      await renderWith("en", <NotificationItems notifications={LIST} onOpen={() => {}} now={NOW} compact />),
    );
    expect(words).toContain("PLSX turns tax-free on 12/10/2026");
    expect(words).toContain("HEX −23.4 % in 24 hours");
    expect(words).toContain("5 minutes ago");
    expect(words).toContain("Unread");
  });

  it("says when in words a person uses", () => {
    expect(notificationTime("2026-11-27T11:59:30Z", NOW, "de")).toBeNull();
    expect(notificationTime("2026-11-27T11:00:00Z", NOW, "de")).toBe("vor 1 Stunde");
    expect(notificationTime("2026-11-26T11:00:00Z", NOW, "de")).toBe("gestern");
    expect(notificationTime("2026-11-24T11:00:00Z", NOW, "en")).toBe("3 days ago");
    // From a week on: the date and time.
    expect(notificationTime("2026-11-01T11:00:00Z", NOW, "de")).toMatch(/01\.11\.2026/);
  });
});

describe("the requests", () => {
  it("asks again every minute, not while the tab is in the background", () => {
    expect(notificationsQueryOptions.refetchInterval).toBe(60_000);
    expect(notificationsQueryOptions.refetchIntervalInBackground).toBe(false);
    expect(notificationsQueryOptions.queryKey).toEqual(NOTIFICATIONS_QUERY_KEY);
  });

  it("marks the given notifications read, or all, and takes the answer as the new list", async () => {
    const answer: NotificationList = { notifications: LIST, unread: 1 };
    const fetchMock = answering(answer);
    expect(await notificationsApi.markRead(["a"])).toEqual(answer);
    expect(await notificationsApi.markRead()).toEqual(answer);
    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body]);
    expect(calls).toEqual([
      ["/api/notifications/read", "POST", JSON.stringify({ ids: ["a"] })],
      ["/api/notifications/read", "POST", "{}"],
    ]);
  });

  it("sends the unsubscribe link's token, with undo only when undoing", async () => {
    const fetchMock = answering({ scope: "watchlist", resubscribed: false });
    await notificationsApi.unsubscribe("token-of-the-link", false);
    await notificationsApi.unsubscribe("token-of-the-link", true);
    expect(fetchMock.mock.calls.map(([, init]) => init?.body)).toEqual([
      JSON.stringify({ token: "token-of-the-link" }),
      JSON.stringify({ token: "token-of-the-link", undo: true }),
    ]);
  });

  it("names the minutes to wait for the next test mail, and only for a 429", () => {
    const tooMany = (seconds?: number) =>
      new ApiError(429, "TOO_MANY_REQUESTS", "wait", {
        code: "TOO_MANY_REQUESTS",
        message: "wait",
        ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
      });
    expect(testMailWaitMinutes(tooMany(3500))).toBe(59);
    expect(testMailWaitMinutes(tooMany(61))).toBe(2);
    expect(testMailWaitMinutes(tooMany())).toBe(1);
    expect(testMailWaitMinutes(new ApiError(500, "INTERNAL_ERROR", "x"))).toBeNull();
    expect(testMailWaitMinutes(new Error("x"))).toBeNull();
  });
});
