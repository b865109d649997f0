import { hasPendingChange } from "../../db/invalidation.js";
import { entitiesChangeKey } from "../entities/entity.repository.js";
import { compileEntityRules, compileRule } from "./engine/compiled.js";
import { dependentsByEntity } from "./recompute.js";
import { listPublishedRules, rulesChangeKey } from "./rule.repository.js";
const TTL_MS = 6e4;
const MAX_TENANTS = 2e4;
const RULES_PREFIX = rulesChangeKey("");
const ENTITIES_PREFIX = entitiesChangeKey("");
async function loadTenantRules(tx) {
  const byEntityId = /* @__PURE__ */ new Map();
  const entityNames = /* @__PURE__ */ new Map();
  for (const rule of await listPublishedRules(tx)) {
    entityNames.set(rule.entityId, rule.entityName);
    let list = byEntityId.get(rule.entityId);
    if (!list) byEntityId.set(rule.entityId, list = []);
    list.push(compileRule(rule));
  }
  const byEntity = /* @__PURE__ */ new Map();
  for (const [entityId, rules] of byEntityId) byEntity.set(entityId, compileEntityRules(rules));
  return { byEntity, dependents: dependentsByEntity(byEntity), entityNames, memo: /* @__PURE__ */ new Map() };
}
class RuleCache {
  constructor(bus, now = Date.now) {
    this.now = now;
    bus.subscribe((key) => {
      if (key === null) this.evict(null);
      else if (key.startsWith(RULES_PREFIX)) this.evict(key.slice(RULES_PREFIX.length));
      else if (key.startsWith(ENTITIES_PREFIX)) this.evict(key.slice(ENTITIES_PREFIX.length));
    });
  }
  now;
  byTenant = /* @__PURE__ */ new Map();
  generation = 0;
  /** The tenant's compiled rules; a transaction that changed its tenant's rules or entities reads its own view. */
  async forTenant(tx) {
    if (hasPendingChange(tx, rulesChangeKey(tx.tenantId)) || hasPendingChange(tx, entitiesChangeKey(tx.tenantId))) {
      return loadTenantRules(tx);
    }
    const hit = this.byTenant.get(tx.tenantId);
    if (hit && this.now() - hit.at <= TTL_MS) return hit.rules;
    const mark = this.generation;
    const rules = await loadTenantRules(tx);
    if (mark === this.generation) {
      if (!this.byTenant.has(tx.tenantId) && this.byTenant.size >= MAX_TENANTS) this.byTenant.clear();
      this.byTenant.set(tx.tenantId, { rules, at: this.now() });
    }
    return rules;
  }
  /** Forgets one tenant's rules, or every tenant's with `null`. */
  evict(tenantId) {
    this.generation++;
    if (tenantId === null) this.byTenant.clear();
    else this.byTenant.delete(tenantId);
  }
}
export {
  RuleCache,
  loadTenantRules
};
//# sourceMappingURL=rule.cache.js.map
