import { SERVICE_VERSION } from './version.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { ApiKeyCache } from './domain/api-keys/api-key.cache.js';
import { systemClock, type Clock } from './domain/auth/clock.js';
import { LoginThrottle } from './domain/auth/login-throttle.js';
import { loadJwtSecret } from './domain/auth/secrets.js';
import { JwtSigner } from './domain/auth/tokens.js';
import { credentialKinds } from './domain/credentials/kinds.js';
import { createCredentialRegistry, type CredentialRegistry } from './domain/credentials/registry.js';
import type { PublishHook } from './domain/entities/publish-hooks.js';
import { PublishedEntityCache } from './domain/entities/published-entity.cache.js';
import { embeddingsClientFor, type EmbeddingsClient } from './domain/records/embeddings.js';
import { TotalEstimates } from './domain/records/total-estimates.js';
import { DatabaseRateLimitStore } from './domain/rate-limit/rate-limit.store.js';
import { RateLimiter } from './domain/rate-limit/rate-limiter.js';
import type { RecordDeps } from './domain/records/save-state.js';
import { combineSaveHooks, type SaveHookProvider } from './domain/records/save-state.js';
import { refreshSearchTextOnPublish } from './domain/records/search-text.js';
import { RuleCache } from './domain/rules/rule.cache.js';
import { businessRuleSaveHooks } from './domain/rules/save-hooks.js';
import { rebuildUniqueValuesOnPublish } from './domain/records/unique-values.js';
import { syncIndexesOnPublish } from './domain/records/index-build.js';
import { IndexBuilder } from './domain/records/index-builder.js';
import { SiteCache } from './domain/sites/site.cache.js';
import { TenantCache } from './domain/tenants/tenant.cache.js';

/** The extension points of the service, as values: composed here, passed to whoever runs them. */
export interface Hooks {
  /** Run in the publishing transaction of every entity version, in order. */
  readonly onPublish: readonly PublishHook[];
  /** The save hooks of an entity's published version (business rules). */
  readonly saveHooks: SaveHookProvider;
}

/** What the features contribute to the hooks; `composeHooks` orders them. */
export interface HookContributions {
  readonly onPublish?: readonly PublishHook[];
  readonly saveHooks?: readonly SaveHookProvider[];
}

/** The service's own hooks, then any contributions (tests add theirs through prepareRuntime). */
export function composeHooks(...contributions: readonly HookContributions[]): Hooks {
  const all: HookContributions[] = [{ onPublish: [rebuildUniqueValuesOnPublish, refreshSearchTextOnPublish] }, ...contributions];
  return {
    onPublish: all.flatMap((c) => c.onPublish ?? []),
    saveHooks: combineSaveHooks(all.flatMap((c) => c.saveHooks ?? [])),
  };
}

/** Long-lived collaborators shared by all operations; built once by the composition root. */
export interface Services {
  readonly clock: Clock;
  readonly jwt: JwtSigner;
  readonly loginThrottle: LoginThrottle;
  readonly apiKeys: ApiKeyCache;
  readonly tenants: TenantCache;
  /** Published entity definitions, evicted by the database's change announcements. */
  readonly entities: PublishedEntityCache;
  readonly embeddings: EmbeddingsClient | null;
  /** Compiled published business rules, evicted by the database's change announcements. */
  readonly rules: RuleCache;
  readonly hooks: Hooks;
  /** Every credential kind, for REST and MCP. */
  readonly credentials: CredentialRegistry;
  /** Audience of the JWTs issued for the MCP server. */
  readonly mcpAudience: string;
  readonly version: string;
  /** Fixed-window limits counted in the database, shared by every instance (docs/rate-limits.md). */
  readonly rateLimiter: RateLimiter;
  /** Live static sites and their file bodies, for the Host-routed serving path. */
  readonly sites: SiteCache;
  /** Filtered list totals are exact up to this many matches, estimated beyond (docs/records.md, "Totals"). */
  readonly listExactCountThreshold: number;
  /** Planner estimates of filtered totals beyond that threshold, reused for a few seconds. */
  readonly totalEstimates: TotalEstimates;
  /** Backfills declared indexes of large entities after their publish (docs/entities.md, "Indexes"). */
  readonly indexBuilder: IndexBuilder;
}

export { SERVICE_VERSION };

export async function createServices(
  db: Database,
  config: Config,
  options: { clock?: Clock; hooks?: HookContributions } = {},
): Promise<Services> {
  const clock = options.clock ?? systemClock;
  const jwt = new JwtSigner(await loadJwtSecret(db, config.jwtSecret), () => clock.now());
  const apiKeys = new ApiKeyCache(db.invalidations);
  const mcpAudience = config.mcp.serverUrl;
  const rules = new RuleCache(db.invalidations);
  const rateLimiter = new RateLimiter(new DatabaseRateLimitStore(db), clock);
  const sleep = clock.sleep?.bind(clock) ?? systemClock.sleep!;
  const indexBuilder = new IndexBuilder(db, config.indexBuildBatch, (error) => console.error('index build:', error));
  const indexHooks = {
    onPublish: [syncIndexesOnPublish({ inlineLimit: config.indexBuildBatch, schedule: (t) => indexBuilder.schedule(t) })],
  };
  return {
    clock,
    jwt,
    loginThrottle: new LoginThrottle(rateLimiter, sleep),
    apiKeys,
    tenants: new TenantCache(),
    entities: new PublishedEntityCache(db.invalidations),
    embeddings: embeddingsClientFor(config.embeddings),
    rules,
    hooks: composeHooks(indexHooks, { saveHooks: [businessRuleSaveHooks(rules, clock, config.ruleRuns)] }, options.hooks ?? {}),
    credentials: createCredentialRegistry(credentialKinds({ db, clock, jwt, apiKeys, mcpAudience })),
    mcpAudience,
    version: SERVICE_VERSION,
    rateLimiter,
    sites: new SiteCache(db, db.invalidations, config.sites.cacheBytes),
    listExactCountThreshold: config.listExactCountThreshold,
    totalEstimates: new TotalEstimates(clock),
    indexBuilder,
  };
}

/** What record operations hand to the records domain. */
export const recordDeps = (services: Services): RecordDeps => ({
  entities: services.entities,
  saveHooks: services.hooks.saveHooks,
  embeddings: services.embeddings,
});
