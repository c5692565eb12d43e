import { ApiError } from "../../lib/api.ts";

/** A refused test mail (429): the minutes until the next one may go, else null (another failure). */
export function testMailWaitMinutes(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = error.body?.retryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}
