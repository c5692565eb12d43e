import { type MarketTimeframe, type TrackerResponse, trackerResponseSchema } from "@pulsemanager/core";
import { api } from "../../lib/api.ts";

export const trackerApi = {
  /** GET /api/tracker: any address's tokens on both chains, their movers, burns and value change. */
  async track(address: string, timeframe: MarketTimeframe): Promise<TrackerResponse> {
    const path = `/api/tracker?address=${encodeURIComponent(address)}&timeframe=${timeframe}`;
    return trackerResponseSchema.parse(await api<unknown>(path));
  },
};
