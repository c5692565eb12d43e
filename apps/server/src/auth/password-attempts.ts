import type { FixedWindowLimiter, WindowState } from "../rate-limit/fixed-window.ts";

/**
 * One budget of wrong passwords per account and window, shared by every place that checks a
 * password: sign-in, password change and account deletion. A stolen session can guess no more
 * often than a stranger at the login form.
 */
export class PasswordAttempts {
  constructor(
    private readonly limiter: FixedWindowLimiter,
    private readonly maxFailures: number,
    private readonly windowSeconds: number,
  ) {}

  private key(email: string): string {
    return `login:account:${email.toLowerCase()}`;
  }

  /** The window state when the account has used up its attempts, otherwise undefined. */
  async blocked(email: string): Promise<WindowState | undefined> {
    const state = await this.limiter.peek(this.key(email), this.windowSeconds);
    return state.count >= this.maxFailures ? state : undefined;
  }

  async failed(email: string): Promise<void> {
    await this.limiter.hit(this.key(email), this.windowSeconds);
  }

  /** A successful sign-in with the password clears the account's count. */
  async succeeded(email: string): Promise<void> {
    await this.limiter.reset(this.key(email));
  }
}
