import { type Access, decideAccess, PREMIUM_REQUIRED } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { jsonError } from "../http/errors.ts";
import { type SessionUser, userOf } from "../http/session-user.ts";
import { type ProfileStatus, readProfileStatus } from "../users/profile.ts";
import { isOwner } from "./owner.ts";

export interface AccessDeps {
  config: AppConfig;
  db: Db;
  now: () => Date;
}

export interface AccountAccess extends ProfileStatus {
  isAdmin: boolean;
  access: Access;
}

/** Status (docs/product/accounts-and-plans.md), billing facts and the access decision for one signed-in user. */
export async function readAccess({ config, db, now }: AccessDeps, user: SessionUser): Promise<AccountAccess> {
  const isAdmin = isOwner(config, user.email);
  const status = await readProfileStatus(db, user.id, now(), isAdmin);
  return { ...status, isAdmin, access: decideAccess(config.edition, status.subscription.status) };
}

/** Whether a user (by id) has full access: for work done outside a request, such as the portfolio's ROI fields. */
export async function hasFullAccess(deps: AccessDeps, userId: string): Promise<boolean> {
  const [row] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row) return false;
  const status = await readProfileStatus(deps.db, userId, deps.now(), isOwner(deps.config, row.email));
  return decideAccess(deps.config.edition, status.subscription.status) === "full";
}

export const PREMIUM_REQUIRED_MESSAGE =
  "This feature needs Premium. Your trial has ended or you are on the Basic plan.";

/**
 * Gate for Premium features (README, "Plans"): after requireSession, a Basic user is
 * answered 403 PREMIUM_REQUIRED and the web app opens the subscription modal.
 */
export function requirePremium(deps: AccessDeps): MiddlewareHandler {
  return async (c, next) => {
    const { access, subscription } = await readAccess(deps, userOf(c));
    if (access !== "full") {
      return jsonError(c, 403, PREMIUM_REQUIRED, subscription.message ?? PREMIUM_REQUIRED_MESSAGE);
    }
    await next();
  };
}
