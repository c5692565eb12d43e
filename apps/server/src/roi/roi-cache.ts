import type { RoiResult } from "@pulsemanager/core";
import { syncedOnce } from "../chain/sync/history-sync.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
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
   * on, and the next portfolio load finds it done). A first load never waits for a whole history sync:
   * while a wallet's history has never been synced, only figures that are ready at once are taken.
   */
  async within(userId: string, waitMs: number): Promise<RoiResult | null> {
    const deadline = Date.now() + waitMs;
    // Not known (the database did not answer): wait, as for a synced history.
    const synced = this.historySynced(userId).catch(() => true);
    const pending = this.get(userId).catch(() => null);
    const wait = (await synced) ? Math.max(0, deadline - Date.now()) : 0;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), wait);
      timer.unref();
    });
    const result = await Promise.race([pending, late]);
    clearTimeout(timer);
    return result;
  }

  private async historySynced(userId: string): Promise<boolean> {
    const sources = [...this.deps.chain.history].map(([chainId, source]) => ({ chainId, name: source.name }));
    const wallets = (await activeWallets(this.deps.db, userId)).map((w) => w.address);
    return syncedOnce(this.deps.db, sources, wallets);
  }

  invalidate(userId: string): void {
    this.recent.delete(userId);
  }
}
