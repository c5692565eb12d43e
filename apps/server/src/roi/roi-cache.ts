import type { RoiResult } from "@pulsemanager/core";
import { loadRoi, type RoiDeps } from "./roi-service.ts";

/** A user's ROI figures are computed at most this often; requests in between share the last answer. */
const FRESH_MS = 60_000;

/** The last ROI answer per user (one computation in flight at a time), dropped when wallets change. */
export class RoiCache {
  private readonly recent = new Map<string, { at: number; result: Promise<RoiResult> }>();

  constructor(private readonly deps: RoiDeps) {}

  get(userId: string): Promise<RoiResult> {
    const now = this.deps.now().getTime();
    let entry = this.recent.get(userId);
    if (!entry || now - entry.at > FRESH_MS) {
      entry = { at: now, result: loadRoi(this.deps, userId) };
      this.recent.set(userId, entry);
      entry.result.catch(() => this.recent.delete(userId));
    }
    return entry.result;
  }

  /**
   * For the portfolio: the figures if they are ready within `waitMs`, else null (the computation goes
   * on, and the next portfolio load finds it done). A first load never waits for a whole history sync.
   */
  async within(userId: string, waitMs: number): Promise<RoiResult | null> {
    const pending = this.get(userId).catch(() => null);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
      timer.unref();
    });
    const result = await Promise.race([pending, late]);
    clearTimeout(timer);
    return result;
  }

  invalidate(userId: string): void {
    this.recent.delete(userId);
  }
}
