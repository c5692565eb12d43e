import {
  type PlanningErrorCode,
  tokenBaseUnits,
  tokenKey,
  WHAT_IF_ID,
  type WhatIfRequest,
  type WhatIfResponse,
  walletHolding,
  whatIfOutcome,
  whatIfSaleEvent,
} from "@pulsemanager/core";
import { momentPrices } from "./moment-prices.ts";
import { roomOf } from "./open-lots-service.ts";
import { type PlanningDeps, type PlanningMoment, planningRun } from "./planning-run.ts";

/** A sale that cannot be planned: its code, and the values its message names. */
export class WhatIfRefused extends Error {
  constructor(
    readonly code: PlanningErrorCode,
    readonly values: Record<string, string> = {},
  ) {
    super(code);
  }
}

/**
 * POST /api/tax/what-if: the sale as one more event after the stored history, through the same engine
 * run as the wallet report; the year's figures without and with it. Throws WhatIfRefused for a token
 * the wallet does not hold, more than it holds, or no price today and none given.
 */
export async function whatIf(
  deps: PlanningDeps,
  userId: string,
  req: WhatIfRequest,
  moment: PlanningMoment,
): Promise<WhatIfResponse> {
  const planning = await planningRun(deps, userId, moment);
  if (!planning?.wallets.includes(req.wallet)) throw new WhatIfRefused("PLANNING_UNKNOWN_TOKEN");
  const asset = tokenKey(req.chainId, req.token);
  const before = planning.run.engine({ rows: false });
  const decimals = planning.run.priced.decimals.get(asset) ?? 18;
  const held = walletHolding(before.holdings, req.wallet, asset, decimals);
  if (!held) throw new WhatIfRefused("PLANNING_UNKNOWN_TOKEN");
  const { symbol } = held;
  const amount = tokenBaseUnits(req.amount, decimals);
  if (amount === null || amount > held.amount)
    throw new WhatIfRefused("PLANNING_AMOUNT_ABOVE_HOLDING", { held: held.text, symbol });
  const price = req.priceEur
    ? { eur: req.priceEur, source: "input" }
    : (await momentPrices(deps, planning.run, [asset], moment.time))(asset);
  if (!price) throw new WhatIfRefused("PLANNING_NO_PRICE", { symbol });
  const sale = { wallet: req.wallet, asset, amount, amountText: req.amount, priceEur: price.eur, time: moment.time };
  const after = planning.run.engine({ extraEvents: [whatIfSaleEvent(sale)] });
  const row = after.transactions.find((r) => r.hash === WHAT_IF_ID);
  if (!row) throw new Error("the what-if sale has no row");
  const unread = planning.incompleteChains;
  const [roomBefore, roomAfter] = [roomOf(before, moment.year, unread), roomOf(after, moment.year, unread)];
  return whatIfOutcome({ row, sale, symbol, priceSource: price.source, before: roomBefore, after: roomAfter });
}
