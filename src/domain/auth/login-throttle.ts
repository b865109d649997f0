import { AppError } from '../../errors.js';
import type { Clock } from './clock.js';

/** 10 failures per (realm, email) or 50 per address within 15 minutes. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowMs: 15 * 60 * 1000 };

interface Window {
  failures: number;
  startedAt: number;
}

/**
 * Counts failed logins in fixed windows, in memory (one process; see README "Limits").
 * `realm` separates administrators from each tenant's users.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    private readonly limits = LOGIN_LIMITS,
  ) {}

  /** Throws RATE_LIMITED when either counter is exhausted. Call before checking the password. */
  assertAllowed(realm: string, email: string, address: string): void {
    const now = this.clock.now().getTime();
    for (const [key, limit] of this.keys(realm, email, address)) {
      const w = this.current(key, now);
      if (w && w.failures >= limit) {
        const retryAfter = Math.max(1, Math.ceil((w.startedAt + this.limits.windowMs - now) / 1000));
        throw new AppError('RATE_LIMITED', `Too many failed logins; try again in ${retryAfter} seconds`, undefined, {
          retryAfter,
        });
      }
    }
  }

  recordFailure(realm: string, email: string, address: string): void {
    const now = this.clock.now().getTime();
    for (const [key] of this.keys(realm, email, address)) {
      const w = this.current(key, now) ?? { failures: 0, startedAt: now };
      w.failures += 1;
      this.windows.set(key, w);
    }
    if (this.windows.size > 100_000) this.prune(now);
  }

  /** A successful login clears the account's counter (not the address's). */
  recordSuccess(realm: string, email: string): void {
    this.windows.delete(`acct:${realm}:${email.toLowerCase()}`);
  }

  private keys(realm: string, email: string, address: string): Array<[string, number]> {
    return [
      [`acct:${realm}:${email.toLowerCase()}`, this.limits.perAccount],
      [`addr:${address}`, this.limits.perAddress],
    ];
  }

  private current(key: string, now: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && now - w.startedAt >= this.limits.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.startedAt >= this.limits.windowMs) this.windows.delete(key);
  }
}
