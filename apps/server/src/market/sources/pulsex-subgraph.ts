import { D, type PricePoint } from "@pulsemanager/core";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { requireOk } from "./provider-values.ts";

export const SUBGRAPH_PROVIDER = "pulsex-subgraph";

interface DayRow {
  date: number;
  priceUSD: string;
}

/**
 * The PulseX subgraphs (V1 and V2 are separate): a token's daily USD price. Days without trades are
 * missing in the source; the chart shows the days there are.
 */
export class PulseXSubgraphClient {
  constructor(private readonly deps: { upstream: UpstreamClient; urls: string[] }) {}

  async dailyPrices(token: string, days: number): Promise<PricePoint[]> {
    const query = `{ tokenDayDatas(first: ${Math.min(days, 1000)}, orderBy: date, orderDirection: desc, where: { token: "${token.toLowerCase()}" }) { id date priceUSD dailyVolumeUSD totalLiquidityUSD } }`;
    const byDay = new Map<number, string>();
    for (const url of this.deps.urls) {
      const { status, body } = await this.deps.upstream.json<{
        data?: { tokenDayDatas?: DayRow[] };
        errors?: unknown[];
      }>({
        provider: SUBGRAPH_PROVIDER,
        endpoint: "tokenDayDatas",
        kind: "market",
        url,
        init: { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) },
      });
      requireOk(SUBGRAPH_PROVIDER, status, "tokenDayDatas");
      if (body.errors?.length) throw new Error(`${SUBGRAPH_PROVIDER}: the query was refused`);
      for (const row of body.data?.tokenDayDatas ?? []) {
        const price = new D(row.priceUSD || "0");
        // The first subgraph that has a price for the day wins (V1 before V2, as the URLs are ordered).
        if (price.gt(0) && !byDay.has(row.date)) byDay.set(row.date, price.toFixed());
      }
    }
    return [...byDay].map(([t, priceUsd]) => ({ t, priceUsd })).sort((a, b) => a.t - b.t);
  }
}
