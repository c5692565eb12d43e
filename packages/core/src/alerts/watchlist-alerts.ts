import Decimal from "decimal.js";
import type { Alert, WatchLevel } from "./alerts-api.ts";

/** A watched token's market row: the price now and its change over 24 hours (percent). */
export interface WatchedPrice {
  chainId: number;
  address: string;
  symbol: string;
  priceUsd: string | null;
  change24h: string | null;
}

type Reason = "above" | "below" | "move";

/** The price 24 hours ago, from the price now and the change in percent. */
function priceBefore(price: Decimal, changePercent: Decimal): Decimal | null {
  const factor = changePercent.div(100).add(1);
  return factor.lte(0) ? null : price.div(factor);
}

/**
 * Which of the token's alerts the price calls for: a level crossed within the last 24 hours (the price
 * then on the other side of it), else a move of at least `movePercent` either way. Without the 24-hour
 * change nothing can be told apart from a level crossed long ago, so nothing is sent.
 */
function reasonOf(
  row: WatchedPrice,
  level: WatchLevel | undefined,
  movePercent: Decimal,
): { reason: Reason; level: string | null } | null {
  if (row.priceUsd === null || row.change24h === null) return null;
  const price = new Decimal(row.priceUsd);
  const change = new Decimal(row.change24h);
  const before = priceBefore(price, change);
  if (level?.aboveUsd && before && price.gte(level.aboveUsd) && before.lt(level.aboveUsd))
    return { reason: "above", level: level.aboveUsd };
  if (level?.belowUsd && before && price.lte(level.belowUsd) && before.gt(level.belowUsd))
    return { reason: "below", level: level.belowUsd };
  return change.abs().gte(movePercent) ? { reason: "move", level: null } : null;
}

/**
 * The watchlist's alerts on a Berlin calendar day ("YYYY-MM-DD"): at most one per token and day (the
 * key names the token and the day, whichever reason came first).
 */
export function watchlistAlerts(
  rows: readonly WatchedPrice[],
  levels: readonly WatchLevel[],
  movePercent: string,
  day: string,
): Alert[] {
  const move = new Decimal(movePercent);
  const alerts: Alert[] = [];
  for (const row of rows) {
    const address = row.address.toLowerCase();
    const level = levels.find((l) => l.chainId === row.chainId && l.address === address);
    const found = reasonOf(row, level, move);
    if (!found) continue;
    alerts.push({
      key: `watchlist:${row.chainId}:${address}:${day}`,
      facts: {
        kind: "watchlist",
        chainId: row.chainId,
        address,
        symbol: row.symbol,
        priceUsd: row.priceUsd as string,
        reason: found.reason,
        levelUsd: found.level,
        changePercent: new Decimal(row.change24h as string).toDecimalPlaces(2).toFixed(),
      },
    });
  }
  return alerts;
}
