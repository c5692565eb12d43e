import { HEX_LATE_GRACE_DAYS, hexDayDate } from "../positions/hex-stake.ts";
import type { Alert } from "./alerts-api.ts";

/** A stake as the alert rule sees it: HEX's stakeLists entry with its wallet and estimated payout. */
export interface StakeFact {
  chainId: number;
  wallet: string;
  stakeId: string;
  lockedDay: number;
  stakedDays: number;
  /** Non-zero once the stake was ended (or good-accounted): no reminders then. */
  unlockedDay: number;
  principalHex: string;
  /** Principal plus the yield estimated up to the end day. */
  payoutHex: string;
}

/** The first reminder goes out this many days before the end day. */
export const STAKE_FIRST_REMINDER_DAYS = 7;
/** The last reminder: when this many penalty-free days (or fewer) are left after the end day. */
export const STAKE_GRACE_WARNING_DAYS = 3;

type Step = "week" | "day" | "end" | "grace";

/**
 * The reminder due for a stake on HEX day `today`, and the days it speaks of: before the end day the
 * days until it; from the end day on the penalty-free days left. HEX charges no late penalty up to and
 * including day end + 14 (docs/research/chain-facts.md, section 3); after that the reminders stop.
 */
export function stakeStep(endDay: number, today: number): { step: Step; daysLeft: number } | null {
  const untilEnd = endDay - today;
  const graceLeft = endDay + HEX_LATE_GRACE_DAYS - today;
  if (untilEnd > STAKE_FIRST_REMINDER_DAYS || graceLeft < 0) return null;
  if (untilEnd >= 2) return { step: "week", daysLeft: untilEnd };
  if (untilEnd === 1) return { step: "day", daysLeft: 1 };
  if (graceLeft > STAKE_GRACE_WARNING_DAYS) return { step: "end", daysLeft: graceLeft };
  return { step: "grace", daysLeft: graceLeft };
}

/**
 * The reminders due for the stakes on HEX day `today` (days count from HEX's launch, 00:00 UTC). Each
 * stake has one step at a time; its key names stake and step, so every step is sent once.
 */
export function hexStakeAlerts(stakes: readonly StakeFact[], today: number): Alert[] {
  const alerts: Alert[] = [];
  for (const s of stakes) {
    if (s.unlockedDay !== 0) continue;
    const endDay = s.lockedDay + s.stakedDays;
    const due = stakeStep(endDay, today);
    if (!due) continue;
    const wallet = s.wallet.toLowerCase();
    alerts.push({
      key: `hexStake:${s.chainId}:${wallet}:${s.stakeId}:${due.step}`,
      facts: {
        kind: "hexStake",
        step: due.step,
        chainId: s.chainId,
        wallet,
        stakeId: s.stakeId,
        principalHex: s.principalHex,
        payoutHex: s.payoutHex,
        endDate: hexDayDate(endDay),
        graceEndDate: hexDayDate(endDay + HEX_LATE_GRACE_DAYS),
        daysLeft: due.daysLeft,
      },
    });
  }
  return alerts;
}
