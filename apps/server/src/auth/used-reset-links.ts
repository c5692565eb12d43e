import { createHash } from "node:crypto";
import type { Auth } from "./auth.ts";

/**
 * better-auth deletes a reset link's token once it was used, so a second click reads like a forged
 * link. We keep a mark of used links (a hash of the token, in better-auth's verification table) for
 * a while, so the page can say "this link was already used" instead of "invalid".
 */
const KEEP_USED_MARK_MS = 30 * 24 * 3600 * 1000;

const markId = (token: string) => `reset-password-used:${createHash("sha256").update(token).digest("hex")}`;

export async function markResetLinkUsed(auth: Auth, token: string, now: Date): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.createVerificationValue({
    identifier: markId(token),
    value: "used",
    expiresAt: new Date(now.getTime() + KEEP_USED_MARK_MS),
  });
}

export async function wasResetLinkUsed(auth: Auth, token: string): Promise<boolean> {
  const ctx = await auth.$context;
  return (await ctx.internalAdapter.findVerificationValue(markId(token))) !== null;
}
