import { berlinDay, dayOfIso, isoDate, type OwnWallet, yearOfDay } from "@pulsemanager/core";
import { bridgeMoves } from "../ledger/bridge-moves.ts";
import { syncWallets } from "../ledger/sync-wallets.ts";
import { prepareStoredRun, type StoredRun, type StoredRunDeps } from "../tax-report/stored-run.ts";
import { activeWallets } from "../wallets/wallet-store.ts";

export interface PlanningDeps extends StoredRunDeps {
  now: () => Date;
}

/** The moment a plan is made for: a past day's end, or now when the day is today. */
export interface PlanningMoment {
  /** "YYYY-MM-DD", the German calendar day. */
  day: string;
  year: number;
  /** Unix seconds: prices are taken at this moment, the history read before it. */
  time: number;
  today: boolean;
}

/** Unix seconds of 00:00 in Berlin of a day number (CET; an hour off in summer does not move the day). */
function berlinMidnight(dayNumber: number): number {
  return dayNumber * 86_400 - 3600;
}

/** The moment of `at` ("YYYY-MM-DD", default today in Berlin). */
export function planningMoment(at: string | undefined, now: Date): PlanningMoment {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const today = berlinDay(nowSeconds);
  const dayNumber = at === undefined ? today : dayOfIso(at);
  const isToday = dayNumber >= today;
  const time = isToday ? nowSeconds : berlinMidnight(dayNumber + 1) - 1;
  return { day: isoDate(dayNumber), year: yearOfDay(dayNumber), time, today: isToday };
}

export interface PlanningRun {
  run: StoredRun;
  wallets: string[];
  /** When the history was last read to the end (now, unless a recent read was reused). */
  historyReadAt: Date;
  incompleteChains: number[];
}

/**
 * The engine's input for a plan: every saved wallet's history brought up to date (a read within the
 * last minutes is reused, as for the wallet report), then read, priced and prepared up to the moment.
 * Null when the user has no wallet.
 */
export async function planningRun(
  deps: PlanningDeps,
  userId: string,
  moment: PlanningMoment,
): Promise<PlanningRun | null> {
  const wallets = [...new Set((await activeWallets(deps.db, userId)).map((w) => w.address.toLowerCase()))];
  if (wallets.length === 0) return null;
  const chains = [...deps.chain.history.keys()];
  const history = await syncWallets(deps, wallets, chains, { reuseRecent: true, stakes: true });
  const ownWallets: OwnWallet[] = wallets.flatMap((address) => chains.map((chainId) => ({ chainId, address })));
  const bridges = await bridgeMoves(deps, ownWallets, history.incompleteChains);
  const run = await prepareStoredRun(deps, {
    userId,
    wallets,
    chains,
    ownWallets,
    bridges,
    year: moment.year,
    end: moment.time + 1,
  });
  return {
    run,
    wallets,
    historyReadAt: history.historyReadAt ?? deps.now(),
    incompleteChains: [...history.incompleteChains].sort((a, b) => a - b),
  };
}
