import { readFileSync } from 'node:fs';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { systemClock, type Clock } from './domain/auth/clock.js';
import { LoginThrottle } from './domain/auth/login-throttle.js';
import { loadJwtSecret } from './domain/auth/secrets.js';
import { JwtSigner } from './domain/auth/tokens.js';
import { ApiKeyCache } from './domain/api-keys/api-key.cache.js';
import { TenantCache } from './domain/tenants/tenant.cache.js';

/** Long-lived collaborators shared by all operations; built once by the composition root. */
export interface Services {
  readonly clock: Clock;
  readonly jwt: JwtSigner;
  readonly loginThrottle: LoginThrottle;
  readonly apiKeys: ApiKeyCache;
  readonly tenants: TenantCache;
  readonly version: string;
}

export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function createServices(db: Database, config: Config, options: { clock?: Clock } = {}): Promise<Services> {
  const clock = options.clock ?? systemClock;
  return {
    clock,
    jwt: new JwtSigner(await loadJwtSecret(db, config), () => clock.now()),
    loginThrottle: new LoginThrottle(clock),
    apiKeys: new ApiKeyCache(clock),
    tenants: new TenantCache(),
    version: SERVICE_VERSION,
  };
}
