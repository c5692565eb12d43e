/**
 * The one income rule for ROI ("printer") payouts, used by the portfolio's ROI figures, the ROI
 * tracker and the tax report alike: a transfer into an own wallet is ROI income when its sender is a
 * reward distributor. Distributors are found on chain (a printer token names its distributor or
 * dividend tracker: see REWARD_SOURCE_GETTERS), the operator can list more (REWARD_DISTRIBUTORS), and
 * the user's own word on a sender wins either way. Airdrops from anyone else are not income.
 */

import { tokenKey } from "../chains/token-id.ts";

/** Getters a printer or dividend token exposes to name the contract that pays its holders. */
export const REWARD_SOURCE_GETTERS = ["distributor", "dividendTracker"] as const;
export type RewardSourceGetter = (typeof REWARD_SOURCE_GETTERS)[number];

/** The ROI scan: payouts of the last 90 days; "daily" is the last 24 hours, "monthly" the last 30 days. */
export const ROI_WINDOW_DAYS = 90;
export const ROI_DAILY_SECONDS = 24 * 3600;
export const ROI_MONTHLY_SECONDS = 30 * 24 * 3600;
/** Payouts listed one by one (the newest): the sums and series always cover all of them. */
export const ROI_LIST_LIMIT = 500;
/** Payouts worth less than this (USD) are kept but flagged: dust, never silently valued at zero. */
export const ROI_MIN_USD = "0.001";

export interface SenderChoice {
  chainId: number;
  address: string;
  /** true: the user says its payouts are income; false: they are not. */
  income: boolean;
}

export interface RewardSenderSources {
  /** Found on chain: "chainId:0xaddress". */
  discovered?: Iterable<string>;
  /** The operator's list: "0xaddress" (any chain) or "chainId:0xaddress". */
  configured?: Iterable<string>;
  /** The user's choices. */
  choices?: readonly SenderChoice[];
}

/** Which senders pay income, per chain. */
export class RewardSenders {
  private readonly income = new Set<string>();
  private readonly notIncome = new Set<string>();

  constructor(sources: RewardSenderSources = {}) {
    for (const key of sources.discovered ?? []) this.income.add(key.toLowerCase());
    for (const entry of sources.configured ?? []) {
      const lower = entry.toLowerCase();
      this.income.add(lower.includes(":") ? lower : `*:${lower}`);
    }
    for (const c of sources.choices ?? [])
      (c.income ? this.income : this.notIncome).add(senderKey(c.chainId, c.address));
  }

  has(chainId: number, address: string): boolean {
    const key = senderKey(chainId, address);
    if (this.notIncome.has(key)) return false;
    return this.income.has(key) || this.income.has(`*:${address.toLowerCase()}`);
  }

  /** The senders as the tax classification's knownDistributors list (user's "not income" left out). */
  list(): string[] {
    return [...this.income].filter((key) => !this.notIncome.has(key)).map((k) => k.replace(/^\*:/, ""));
  }

  /** The senders the user said are not income (the classification must not treat them as income). */
  excluded(): ReadonlySet<string> {
    return this.notIncome;
  }
}

/** A sender by chain and address: core's token key (the same "369:0x…" form). */
export const senderKey: (chainId: number, address: string) => string = tokenKey;

/** A transfer into one of the wallets from a reward sender: ROI income. */
export function isRewardPayout(
  t: { chainId: number; from: string; to: string },
  ownWallets: ReadonlySet<string>,
  senders: RewardSenders,
): boolean {
  return ownWallets.has(t.to.toLowerCase()) && !ownWallets.has(t.from.toLowerCase()) && senders.has(t.chainId, t.from);
}
