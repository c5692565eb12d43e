/**
 * The dashboard's movers cards keep the user's own tokens and the market apart: a market list that
 * failed or is not available yet says so in its own place (and "loading again"), while the movers
 * among the user's tokens still show; neither is ever an empty "no data" made of a failure.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Mover, MoversResponse } from "@pulsemanager/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MarketMoversCards } from "../src/app/dashboard/market-movers-cards.tsx";
import { ApiError } from "../src/lib/api.ts";
import { heldMoversQueryKey, marketMoversQueryKey } from "../src/lib/query-keys.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";

const hexRose: Mover = {
  chainId: 369,
  address: HEX,
  symbol: "HEX",
  name: "HEX",
  priceUsd: "0.0125",
  priceThenUsd: "0.01",
  change: "25.00",
};

function answer(gainers: Mover[], extra: Partial<MoversResponse> = {}): MoversResponse {
  return {
    asOf: "2026-11-27T01:00:00.000Z",
    source: "chain",
    stale: false,
    ageSeconds: 0,
    timeframe: "24h",
    gainers,
    losers: [],
    ...extra,
  };
}

type MarketState = { data: MoversResponse } | { error: Error };

async function render(lang: "de" | "en", market: MarketState, held: MoversResponse): Promise<string> {
  const i18n = createInstance();
  const ns = (name: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${name}.json`), "utf8"));
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { common: ns("common"), market: ns("market") } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  // As on the page after the failed request (a remount would ask again at once).
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  client.setQueryData(heldMoversQueryKey("24h"), held);
  if ("data" in market) client.setQueryData(marketMoversQueryKey(369, "24h"), market.data);
  else
    client
      .getQueryCache()
      .build(client, { queryKey: marketMoversQueryKey(369, "24h") })
      .setState({ status: "error", error: market.error, fetchStatus: "idle" });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <MarketMoversCards hasWallets />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const gainers = html.slice(
    html.indexOf('data-testid="dashboard-gainers"'),
    html.indexOf('data-testid="dashboard-losers"'),
  );
  return gainers.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

const chainDown = new ApiError(
  503,
  "MARKET_UNAVAILABLE",
  "Market data cannot be reached right now. Try again in a minute.",
);

describe("the dashboard's movers", () => {
  it("show the user's own HEX when the market's request failed, and say the market's failure in its place", async () => {
    const words = await render("de", { error: chainDown }, answer([hexRose]));
    expect(words).toMatch(/Deine Token HEX \+25,00/);
    expect(words).toMatch(/Markt .*nicht erreichbar/);
    expect(words).not.toContain("Keine Daten verfügbar");
  });

  it("say 'not available yet, loading again' for a market answer that is unavailable, never 'no data'", async () => {
    const words = await render(
      "en",
      { data: answer([], { unavailable: true, retryAfterSeconds: 5 }) },
      answer([hexRose]),
    );
    expect(words).toMatch(/Your tokens HEX \+25\.00/);
    expect(words).toContain("Market Not available yet – loading again in a moment");
    expect(words).not.toContain("No data available");
  });

  it("list the market's movers beside the user's", async () => {
    const words = await render("en", { data: answer([hexRose]) }, answer([hexRose]));
    expect(words.match(/HEX/g)?.length).toBe(2);
  });
});
