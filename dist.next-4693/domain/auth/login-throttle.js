import { rateLimited } from "../rate-limit/rate-limiter.js";
const LOGIN_LIMITS = {
  perAccountAndAddress: 10,
  perAddress: 50,
  windowMs: 15 * 60 * 1e3,
  delayAfter: 5,
  delayBaseMs: 250,
  delayMaxMs: 8e3
};
const PREFIX = "login:";
const PRUNE_EVERY = 1e3;
function loginDelayMs(failures, limits = LOGIN_LIMITS) {
  if (failures < limits.delayAfter) return 0;
  return Math.min(limits.delayMaxMs, limits.delayBaseMs * 2 ** (failures - limits.delayAfter));
}
class LoginThrottle {
  constructor(limiter, sleep, limits = LOGIN_LIMITS) {
    this.limiter = limiter;
    this.sleep = sleep;
    this.limits = limits;
  }
  limiter;
  sleep;
  limits;
  failuresSincePrune = 0;
  /** Call before checking the password: refuses an exhausted pair or address, waits an account's delay. */
  async beforeAttempt(realm, email, address) {
    const keys = this.keys(realm, email, address);
    const pair = await this.limiter.peek(keys.pair, this.limit(this.limits.perAccountAndAddress));
    if (!pair.allowed) throw rateLimited(pair, "Too many failed logins for this account from your address");
    const fromAddress = await this.limiter.peek(keys.address, this.limit(this.limits.perAddress));
    if (!fromAddress.allowed) throw rateLimited(fromAddress, "Too many failed logins from your address");
    const account = await this.limiter.peek(keys.account, this.limit(Number.MAX_SAFE_INTEGER));
    const delay = loginDelayMs(account.hits, this.limits);
    if (delay > 0) await this.sleep(delay);
  }
  async recordFailure(realm, email, address) {
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
  async recordSuccess(realm, email, address) {
    await this.limiter.reset(this.keys(realm, email, address).pair);
  }
  limit(limit) {
    return { limit, windowMs: this.limits.windowMs };
  }
  keys(realm, email, address) {
    const account = `${realm}:${email.toLowerCase()}`;
    return {
      pair: `${PREFIX}pair:${address}:${account}`,
      address: `${PREFIX}address:${address}`,
      account: `${PREFIX}account:${account}`
    };
  }
}
export {
  LOGIN_LIMITS,
  LoginThrottle,
  loginDelayMs
};
//# sourceMappingURL=login-throttle.js.map
