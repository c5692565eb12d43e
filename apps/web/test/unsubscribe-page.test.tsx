/**
 * The public page /unsubscribe: it says which kind is turned off (in the words of the settings), offers
 * "Rückgängig" and the way to the settings; a missing, invalid or expired link says so, never a blank page.
 */
import { type UnsubscribeResponse, unsubscribeResponseSchema } from "@pulsemanager/core";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import UnsubscribePage, { UnsubscribeView } from "../src/features/notifications/unsubscribe-page.tsx";
import { ApiError } from "../src/lib/api.ts";
import { PATHS, PUBLIC_PATHS } from "../src/lib/paths.ts";
import { unsubscribeQueryKey } from "../src/lib/query-keys.ts";
import { renderWith, textOf } from "./notifications-render.tsx";

const noop = () => {};
const done = (answer: UnsubscribeResponse) => ({ kind: "done" as const, answer });

describe("the unsubscribe page", () => {
  it("is open to everybody at /unsubscribe", () => {
    expect(PATHS.unsubscribe).toBe("/unsubscribe");
    expect(PUBLIC_PATHS).toContain("/unsubscribe");
  });

  it("says which kind is off, with Rückgängig and the way to the settings", async () => {
    const html = await renderWith(
      "de",
      <UnsubscribeView
        state={done({ scope: "watchlist", resubscribed: false })}
        busy={false}
        changeError={null}
        onChange={noop}
      />,
    );
    const words = textOf(html);
    expect(words).toContain("Du bekommst keine E-Mails mehr zu: Watchlist: Preisgrenzen und große Bewegungen");
    expect(words).toContain("Rückgängig");
    expect(words).toContain("Benachrichtigungen in den Einstellungen ändern");
    expect(html).toContain('href="/settings#notifications"');
  });

  it("after the undo says the mails come again, and offers to unsubscribe after all (English)", async () => {
    const words = textOf(
      await renderWith(
        "en",
        <UnsubscribeView
          state={done({ scope: "mail", resubscribed: true })}
          busy={false}
          changeError={null}
          onChange={noop}
        />,
      ),
    );
    expect(words).toContain("You get e-mails again about: all e-mail notifications");
    expect(words).toContain("Unsubscribe after all");
  });

  it("shows a spinner with a sentence while the link is sent", async () => {
    const words = textOf(
      await renderWith(
        "de",
        <UnsubscribeView state={{ kind: "working" }} busy={false} changeError={null} onChange={noop} />,
      ),
    );
    expect(words).toContain("Einen Moment, wir melden dich ab...");
  });

  it("says a link without a token is incomplete", async () => {
    const words = textOf(await renderWith("de", <UnsubscribePage />, { path: "/unsubscribe" }));
    expect(words).toContain("Dieser Abmelde-Link ist unvollständig.");
    expect(words).toContain("Benachrichtigungen in den Einstellungen ändern");
  });

  it("shows the server's answer to the link", async () => {
    const client = new QueryClient();
    client.setQueryData(
      unsubscribeQueryKey("signed-token-123"),
      unsubscribeResponseSchema.parse({ scope: "taxFree", resubscribed: false }),
    );
    const words = textOf(
      await renderWith("en", <UnsubscribePage />, { client, path: "/unsubscribe?token=signed-token-123" }),
    );
    expect(words).toContain("You will no longer get e-mails about: Tax-free dates");
  });

  it("says an expired or invalid link in words, with the way to the settings", async () => {
    for (const [status, code, text] of [
      [410, "UNSUBSCRIBE_LINK_EXPIRED", "Dieser Abmelde-Link ist abgelaufen."],
      [400, "UNSUBSCRIBE_LINK_INVALID", "Dieser Abmelde-Link ist ungültig."],
    ] as const) {
      const client = new QueryClient();
      const query = client.getQueryCache().build(client, { queryKey: unsubscribeQueryKey("old-token-123") });
      query.setState({ status: "error", error: new ApiError(status, code, "x"), fetchStatus: "idle" });
      const words = textOf(
        await renderWith("de", <UnsubscribePage />, { client, path: "/unsubscribe?token=old-token-123" }),
      );
      expect(words).toContain(text);
      expect(words).toContain("Benachrichtigungen in den Einstellungen ändern");
    }
  });
});
