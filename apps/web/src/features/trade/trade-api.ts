import type { TradeQuote } from "@pulsemanager/core";
import { api } from "../../lib/api.ts";
import { quoteQueryString, type TradeFormInput } from "./trade-form.ts";

/** GET /api/trade/quote: the PulseX routers' read-only quote. */
export function fetchTradeQuote(input: TradeFormInput): Promise<TradeQuote> {
  return api<TradeQuote>(`/api/trade/quote?${quoteQueryString(input)}`);
}
