import { readFileSync } from "node:fs";
import { ApiKeyCache } from "./domain/api-keys/api-key.cache.js";
import { systemClock } from "./domain/auth/clock.js";
import { LoginThrottle } from "./domain/auth/login-throttle.js";
import { loadJwtSecret } from "./domain/auth/secrets.js";
import { JwtSigner } from "./domain/auth/tokens.js";
import { credentialKinds } from "./domain/credentials/kinds.js";
import { createCredentialRegistry } from "./domain/credentials/registry.js";
import { PublishedEntityCache } from "./domain/entities/published-entity.cache.js";
import { embeddingsClientFor } from "./domain/records/embeddings.js";
import { DatabaseRateLimitStore } from "./domain/rate-limit/rate-limit.store.js";
import { RateLimiter } from "./domain/rate-limit/rate-limiter.js";
import { combineSaveHooks } from "./domain/records/save-state.js";
import { refreshSearchTextOnPublish } from "./domain/records/search-text.js";
import { RuleCache } from "./domain/rules/rule.cache.js";
import { businessRuleSaveHooks } from "./domain/rules/save-hooks.js";
import { rebuildUniqueValuesOnPublish } from "./domain/records/unique-values.js";
import { SiteCache } from "./domain/sites/site.cache.js";
import { TenantCache } from "./domain/tenants/tenant.cache.js";
function composeHooks(...contributions) {
  const all = [{ onPublish: [rebuildUniqueValuesOnPublish, refreshSearchTextOnPublish] }, ...contributions];
  return {
    onPublish: all.flatMap((c) => c.onPublish ?? []),
    saveHooks: combineSaveHooks(all.flatMap((c) => c.saveHooks ?? []))
  };
}
const SERVICE_VERSION = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
async function createServices(db, config, options = {}) {
  const clock = options.clock ?? systemClock;
  const jwt = new JwtSigner(await loadJwtSecret(db, config.jwtSecret), () => clock.now());
  const apiKeys = new ApiKeyCache(db.invalidations);
  const mcpAudience = config.mcp.serverUrl;
  const rules = new RuleCache(db.invalidations);
  const rateLimiter = new RateLimiter(new DatabaseRateLimitStore(db), clock);
  const sleep = clock.sleep?.bind(clock) ?? systemClock.sleep;
  return {
    clock,
    jwt,
    loginThrottle: new LoginThrottle(rateLimiter, sleep),
    apiKeys,
    tenants: new TenantCache(),
    entities: new PublishedEntityCache(db.invalidations),
    embeddings: embeddingsClientFor(config.embeddings),
    rules,
    hooks: composeHooks({ saveHooks: [businessRuleSaveHooks(rules, clock, config.ruleRuns)] }, options.hooks ?? {}),
    credentials: createCredentialRegistry(credentialKinds({ db, clock, jwt, apiKeys, mcpAudience })),
    mcpAudience,
    version: SERVICE_VERSION,
    rateLimiter,
    sites: new SiteCache(db, db.invalidations, config.sites.cacheBytes)
  };
}
const recordDeps = (services) => ({
  entities: services.entities,
  saveHooks: services.hooks.saveHooks,
  embeddings: services.embeddings
});
export {
  SERVICE_VERSION,
  composeHooks,
  createServices,
  recordDeps
};
//# sourceMappingURL=services.js.map
