import type { Context } from "hono";

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
}

export type SessionEnv = { Variables: { user: SessionUser } };

/**
 * The signed-in user of a request that passed its access guard (mounted from the route table,
 * `access/route-table.ts`). A route reached without one is a wiring error, not an anonymous caller.
 */
export function userOf(c: Context): SessionUser {
  const user = c.get("user") as SessionUser | undefined;
  if (!user) throw new Error(`${c.req.method} ${c.req.path} ran without its session guard`);
  return user;
}
