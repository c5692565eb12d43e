import type { ChangeSignals } from "../db/change-signals.ts";
import type { SessionUser } from "../http/session-user.ts";

const REVOKED_KEY = "revoked";
const MEMO_MAX = 10_000;

/**
 * Sessions read in the last seconds, by their (signed) cookie: hot read endpoints such as the
 * cached portfolio then skip the database. Whenever a session may have ended (sign-out, password
 * change or reset, account deletion) every process forgets all of them at once, through the
 * database's change signals; a read that was already under way when that happened is not kept.
 */
export class SessionMemo {
  private readonly entries = new Map<string, { user: SessionUser; until: number; generation: number }>();
  private generation = 0;

  constructor(
    private readonly signals: ChangeSignals,
    private readonly ttlMs = 30_000,
  ) {
    signals.subscribe(REVOKED_KEY, () => this.forgetAll());
  }

  get(token: string): SessionUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > Date.now() && entry.generation === this.generation) return entry.user;
    this.entries.delete(token);
    return undefined;
  }

  /** The generation to hand back to remember() once the database has answered. */
  beginRead(): number {
    return this.generation;
  }

  remember(token: string, user: SessionUser, sessionExpiresAt: Date, readGeneration: number): void {
    if (readGeneration !== this.generation) return;
    if (this.entries.size >= MEMO_MAX) this.entries.clear();
    const until = Math.min(Date.now() + this.ttlMs, sessionExpiresAt.getTime());
    this.entries.set(token, { user, until, generation: readGeneration });
  }

  /** Sessions ended somewhere: every process forgets what it remembered. */
  async sessionsEnded(): Promise<void> {
    this.forgetAll();
    await this.signals.publish(REVOKED_KEY);
  }

  private forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}
