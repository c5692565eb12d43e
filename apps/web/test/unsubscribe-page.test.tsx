/**
 * The public page /unsubscribe: it says which kind is turned off (in the words of the settings), offers
 * "Rückgängig" and the way to the settings; a missing, invalid or expired link says so, never a blank page.
 */
import type { UnsubscribeResponse } from "@pulsemanager/core";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import UnsubscribePage, { tokenScope, UnsubscribeView } from "../src/features/notifications/unsubscribe-page.tsx";
import { PATHS, PUBLIC_PATHS } from "../src/lib/paths.ts";
import { renderWith, textOf } from "./notifications-render.tsx";

const noop = () => {};
const done = (answer: UnsubscribeResponse) => ({ kind: "done" as const, answer });
type ViewState = Parameters<typeof UnsubscribeView>[0]["state"];
/** The page's view in a state, idle, as HTML. */
const viewHtml = (lang: "de" | "en", state: ViewState) =>
  renderWith(lang, <UnsubscribeView state={state} busy={false} changeError={null} onConfirm={noop} onChange={noop} />);

describe("the unsubscribe page", () => {
  it("is open to everybody at /unsubscribe", () => {
    expect(PATHS.unsubscribe).toBe("/unsubscribe");
    expect(PUBLIC_PATHS).toContain("/unsubscribe");
  });

  it("says which kind is off, with Rückgängig and the way to the settings", async () => {
    const html = await viewHtml("de", done({ scope: "watchlist", resubscribed: false }));
    const words = textOf(html);
    expect(words).toContain(
      "Du bekommst keine Benachrichtigungen mehr zu: Watchlist: Preisgrenzen und große Bewegungen",
    );
    expect(words).toContain("Weder per E-Mail noch in der App.");
    expect(words).toContain("Rückgängig");
    expect(words).toContain("Benachrichtigungen in den Einstellungen ändern");
    expect(html).toContain('href="/settings#notifications"');
  });

  it("after the undo says the mails come again, and offers to unsubscribe after all (English)", async () => {
    const words = textOf(await viewHtml("en", done({ scope: "mail", resubscribed: true })));
    expect(words).toContain("You get e-mails again about: all e-mail notifications");
    expect(words).toContain("Unsubscribe after all");
  });

  it("shows a spinner with a sentence while the link is sent", async () => {
    const words = textOf(await viewHtml("de", { kind: "working" }));
    expect(words).toContain("Einen Moment, wir melden dich ab...");
  });

  it("says a link without a token is incomplete", async () => {
    const words = textOf(await renderWith("de", <UnsubscribePage />, { path: "/unsubscribe" }));
    expect(words).toContain("Dieser Abmelde-Link ist unvollständig.");
    expect(words).toContain("Benachrichtigungen in den Einstellungen ändern");
  });

  it("asks before it unsubscribes, naming the link's kind (opening the link changes nothing)", async () => {
    const body = Buffer.from(JSON.stringify({ u: "user-1", s: "taxFree", e: 2_000_000_000 })).toString("base64url");
    const words = textOf(
      await renderWith("en", <UnsubscribePage />, {
        client: new QueryClient(),
        path: `/unsubscribe?token=${body}.sig`,
      }),
    );
    expect(words).toContain("Do you want to stop getting notifications about “Tax-free dates”?");
    expect(words).toContain("Unsubscribe");
    expect(tokenScope(`${body}.sig`)).toBe("taxFree");
    expect(tokenScope("garbage")).toBeNull();
  });

  it("says an expired or invalid link in words, with the way to the settings", async () => {
    const words = textOf(await viewHtml("de", { kind: "error", message: "Dieser Abmelde-Link ist abgelaufen." }));
    expect(words).toContain("Dieser Abmelde-Link ist abgelaufen.");
    expect(words).toContain("Benachrichtigungen in den Einstellungen ändern");
  });
});
