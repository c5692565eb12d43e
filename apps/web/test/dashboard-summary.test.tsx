/**
 * The dashboard's portfolio card reads the portfolio's summary (total and counts), not the answer with
 * every token row: taken from a current full answer when the tab holds one, else asked for.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PortfolioResult, PortfolioSummary } from "@pulsemanager/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PortfolioValueCard } from "../src/app/dashboard/portfolio-value-card.tsx";
import { portfolioSummaryQueryOptions } from "../src/features/portfolio/portfolio-api.ts";
import { PORTFOLIO_QUERY_KEY, PORTFOLIO_SUMMARY_QUERY_KEY } from "../src/lib/query-keys.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");

const SUMMARY: PortfolioSummary = {
  totalValue: "1552539.24",
  tokenCount: 3036,
  walletCount: 5,
  lastUpdated: "2026-11-26T10:00:00.000Z",
  fromCache: true,
  stale: false,
  fx: null,
};

/** A full answer as the portfolio page holds it: the summary's fields plus thousands of token rows. */
const FULL = {
  ...SUMMARY,
  totalValue: "99.5",
  walletCount: 2,
  tokens: Array.from({ length: 3000 }, (_, i) => ({ symbol: `T${i}` })),
} as unknown as PortfolioResult;

function answering(body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("the portfolio summary the dashboard reads", () => {
  it("asks for GET /api/portfolio/summary when the tab holds no portfolio", async () => {
    const fetchMock = answering(SUMMARY);
    const client = new QueryClient();
    expect(await client.fetchQuery(portfolioSummaryQueryOptions(client))).toEqual(SUMMARY);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/portfolio/summary");
  });

  it("takes the total and counts from a current full answer without asking, and asks once it is dropped", async () => {
    const fetchMock = answering(SUMMARY);
    const client = new QueryClient();
    client.setQueryData(PORTFOLIO_QUERY_KEY, FULL);
    const fromFull = await client.fetchQuery(portfolioSummaryQueryOptions(client));
    expect(fromFull).toEqual({ ...SUMMARY, totalValue: "99.5", walletCount: 2 });
    expect(fromFull).not.toHaveProperty("tokens");
    expect(fetchMock).not.toHaveBeenCalled();

    // A wallet added or a token choice drops the portfolio (its key covers the summary's).
    await client.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY });
    expect(await client.fetchQuery({ ...portfolioSummaryQueryOptions(client), staleTime: 0 })).toEqual(SUMMARY);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

async function renderCard(lang: "de" | "en"): Promise<string> {
  const i18n = createInstance();
  const ns = (name: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${name}.json`), "utf8"));
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { dashboard: ns("dashboard"), currency: ns("currency") } },
    interpolation: { escapeValue: false },
  });
  const client = new QueryClient();
  client.setQueryData(PORTFOLIO_SUMMARY_QUERY_KEY, SUMMARY);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PortfolioValueCard />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("the dashboard's portfolio card", () => {
  it("shows the summary's exact total and wallet count in German", async () => {
    const html = await renderCard("de");
    expect(html).toContain('data-testid="dashboard-total"');
    expect(html).toContain("Gesamtwert");
    expect(html).toMatch(/1\.552\.539,24\s*\$/);
    expect(html).toContain("5 Wallets");
  });

  it("shows the summary's exact total and wallet count in English", async () => {
    const html = await renderCard("en");
    expect(html).toContain("Total value");
    expect(html).toContain("$1,552,539.24");
    expect(html).toContain("5 wallets");
  });
});
