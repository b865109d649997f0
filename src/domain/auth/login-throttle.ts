import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimited } from '../rate-limit/rate-limiter.js';

/**
 * Failed-login limits (docs/security.md "Logins"), in 15-minute windows counted in the database so
 * that every instance counts the same failures:
 * - one account from one address: 10 failures, then that address is refused for that account (429);
 * - one address, any accounts: 50 failures, then the address is refused (429);
 * - one account, any addresses: never refused — from 5 failures on, every attempt waits, 250 ms
 *   doubling per failure up to 8 s. A stranger can slow an account's logins, never lock it: the
 *   right password from an address without failures always gets in.
 *
 * Built on the service's own `RateLimiter` (why not a library: see there); no library offers the
 * third rule, a growing delay per account that never locks it.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: 10,
  perAddress: 50,
  windowMs: 15 * 60 * 1000,
  delayAfter: 5,
  delayBaseMs: 250,
  delayMaxMs: 8_000,
};

/** Counters of logins start with this (their housekeeping prunes only these). */
const PREFIX = 'login:';
/** Expired login counters are pruned after this many failures seen by this process. */
const PRUNE_EVERY = 1_000;

/** The growing delay for an account with `failures` failures in the current window. */
export function loginDelayMs(failures: number, limits = LOGIN_LIMITS): number {
  if (failures < limits.delayAfter) return 0;
  return Math.min(limits.delayMaxMs, limits.delayBaseMs * 2 ** (failures - limits.delayAfter));
}

/** `realm` separates administrators ('admin') from each tenant's users (the tenant id). */
export class LoginThrottle {
  private failuresSincePrune = 0;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly limits = LOGIN_LIMITS,
  ) {}

  /** Call before checking the password: refuses an exhausted pair or address, waits an account's delay. */
  async beforeAttempt(realm: string, email: string, address: string): Promise<void> {
    const keys = this.keys(realm, email, address);
    const pair = await this.limiter.peek(keys.pair, this.limit(this.limits.perAccountAndAddress));
    if (!pair.allowed) throw rateLimited(pair, 'Too many failed logins for this account from your address');
    const fromAddress = await this.limiter.peek(keys.address, this.limit(this.limits.perAddress));
    if (!fromAddress.allowed) throw rateLimited(fromAddress, 'Too many failed logins from your address');
    const account = await this.limiter.peek(keys.account, this.limit(Number.MAX_SAFE_INTEGER));
    const delay = loginDelayMs(account.hits, this.limits);
    if (delay > 0) await this.sleep(delay);
  }

  async recordFailure(realm: string, email: string, address: string): Promise<void> {
    const keys = this.keys(realm, email, address);
    await this.limiter.hit(keys.pair, this.limit(this.limits.perAccountAndAddress));
    await this.limiter.hit(keys.address, this.limit(this.limits.perAddress));
    await this.limiter.hit(keys.account, this.limit(Number.MAX_SAFE_INTEGER));
    if (++this.failuresSincePrune >= PRUNE_EVERY) {
      this.failuresSincePrune = 0;
      await this.limiter.prune(this.limits.windowMs, PREFIX);
    }
  }

  /**
   * A successful login forgets its address's failures for the account. The account's own count
   * runs out with its window: a success must not hand a guesser on other addresses fast attempts.
   */
  async recordSuccess(realm: string, email: string, address: string): Promise<void> {
    await this.limiter.reset(this.keys(realm, email, address).pair);
  }

  private limit(limit: number) {
    return { limit, windowMs: this.limits.windowMs };
  }

  private keys(realm: string, email: string, address: string) {
    const account = `${realm}:${email.toLowerCase()}`;
    return {
      pair: `${PREFIX}pair:${address}:${account}`,
      address: `${PREFIX}address:${address}`,
      account: `${PREFIX}account:${account}`,
    };
  }
}
