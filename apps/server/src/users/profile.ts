// users/: the user's profile (plan status, trial end, Stripe facts), a shared floor beneath the features:
// the sign-up (`auth/`), the access guards (`access/`) and the account routes (`account/`) read it here.
import { type BillingView, decideSubscriptionStatus, planFor, trialEndFrom } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { userProfiles } from "../db/schema.ts";

export type ProfileRow = typeof userProfiles.$inferSelect;

/** The stored profile of a user, as it is (no status rules applied), or undefined when there is none. */
export async function readProfileRow(db: Db, userId: string): Promise<ProfileRow | undefined> {
  return (await db.select().from(userProfiles).where(eq(userProfiles.id, userId)))[0];
}

/** A new profile: status trial, ending 3 days after the e-mail confirmation (docs/product/accounts-and-plans.md). */
export async function ensureProfile(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ id: userId, subscriptionStatus: "trial", trialEndsAt: trialEndFrom(now), createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: userProfiles.id });
}

export interface SubscriptionView {
  status: "trial" | "active" | "inactive";
  daysRemaining: number;
  trialEndsAt: string | null;
  plan: "premium" | "basic";
  message?: string;
}

export interface ProfileStatus {
  subscription: SubscriptionView;
  billing: BillingView;
}

const NO_BILLING: BillingView = {
  hasCustomer: false,
  subscriptionStatus: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

/** Reads (creating when missing) the profile and applies the status rules, writing back what they change. */
export async function readSubscription(db: Db, userId: string, now: Date, isAdmin: boolean): Promise<SubscriptionView> {
  return (await readProfileStatus(db, userId, now, isAdmin)).subscription;
}

/** The subscription status (docs/product/accounts-and-plans.md, "Status") and the Stripe facts of the profile. */
export async function readProfileStatus(db: Db, userId: string, now: Date, isAdmin: boolean): Promise<ProfileStatus> {
  try {
    let row = await readProfileRow(db, userId);
    if (!row) {
      await ensureProfile(db, userId, now);
      row = await readProfileRow(db, userId);
    }
    if (!row) throw new Error("Failed to create user profile");
    const decision = decideSubscriptionStatus(row, now, { isAdmin });
    let trialEndsAt = row.trialEndsAt;
    if (decision.update) {
      await db
        .update(userProfiles)
        .set({ ...decision.update, updatedAt: now })
        .where(eq(userProfiles.id, userId));
      if (decision.update.trialEndsAt !== undefined) trialEndsAt = decision.update.trialEndsAt;
    }
    return {
      subscription: {
        status: decision.status,
        daysRemaining: decision.daysRemaining,
        trialEndsAt: trialEndsAt ? trialEndsAt.toISOString() : null,
        plan: planFor(decision.status),
      },
      billing: {
        hasCustomer: row.stripeCustomerId !== null,
        subscriptionStatus: row.stripeSubscriptionStatus,
        currentPeriodEnd: row.stripeCurrentPeriodEnd ? row.stripeCurrentPeriodEnd.toISOString() : null,
        cancelAtPeriodEnd: row.stripeCancelAtPeriodEnd,
      },
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      subscription: {
        status: "inactive",
        daysRemaining: 0,
        trialEndsAt: null,
        plan: "basic",
        message: `Subscription check failed: ${message}`,
      },
      billing: NO_BILLING,
    };
  }
}
