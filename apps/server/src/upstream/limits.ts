/** At most `max` tasks at once; the rest wait in order. */
export class Semaphore {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }
}

/**
 * Token bucket: `ratePerSecond` requests on average, bursts up to `burst`. `hold` stops every taker for a
 * while (a provider's 429 with Retry-After holds all requests to it, not only the one that was refused).
 */
export class RateLimiter {
  private tokens: number;
  private last: number;
  private resumeAt = 0;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** No request starts before `ms` from now; then at most one at once (no burst right after a refusal). */
  hold(ms: number): void {
    const until = this.now() + ms;
    if (until <= this.resumeAt) return;
    this.resumeAt = until;
    this.tokens = Math.min(this.tokens, 1);
    this.last = Math.max(this.last, until);
  }

  async take(): Promise<void> {
    for (;;) {
      const now = this.now();
      if (now < this.resumeAt) {
        await this.sleep(this.resumeAt - now);
        // A sleep that does not advance the clock (tests) must not spin: the hold counts as served.
        if (this.now() === now) this.resumeAt = 0;
        continue;
      }
      if (!Number.isFinite(this.ratePerSecond)) return;
      this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.last) / 1000) * this.ratePerSecond);
      this.last = Math.max(now, this.last);
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.sleep(Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000));
    }
  }
}
