import { hasPendingChange, type InvalidationBus } from '../../db/invalidation.js';
import type { TenantTx } from '../../db/with-tenant.js';
import { entitiesChangeKey } from '../entities/entity.repository.js';
import { compileEntityRules, compileRule, type CompiledEntityRules } from './engine/compiled.js';
import { dependentsByEntity, type Dependent } from './recompute.js';
import { listPublishedRules, rulesChangeKey } from './rule.repository.js';

/** A tenant's published rules, compiled once: by entity id. */
export interface TenantRules {
  readonly byEntity: ReadonlyMap<string, CompiledEntityRules>;
  /** Derived values of other entities' records that read an entity's records, by that entity's name. */
  readonly dependents: ReadonlyMap<string, readonly Dependent[]>;
  /** Names of the entities that have rules, by id. */
  readonly entityNames: ReadonlyMap<string, string>;
  /** Per-entity data a consumer derives once from these rules (the save hooks of each entity). */
  readonly memo: Map<string, unknown>;
}

const TTL_MS = 60_000;
const MAX_TENANTS = 20_000;
const RULES_PREFIX = rulesChangeKey('');
const ENTITIES_PREFIX = entitiesChangeKey('');

/** Compiles a tenant's published rules (one query, every entity's). */
export async function loadTenantRules(tx: TenantTx): Promise<TenantRules> {
  const byEntityId = new Map<string, ReturnType<typeof compileRule>[]>();
  const entityNames = new Map<string, string>();
  for (const rule of await listPublishedRules(tx)) {
    entityNames.set(rule.entityId, rule.entityName);
    let list = byEntityId.get(rule.entityId);
    if (!list) byEntityId.set(rule.entityId, (list = []));
    list.push(compileRule(rule));
  }
  const byEntity = new Map<string, CompiledEntityRules>();
  for (const [entityId, rules] of byEntityId) byEntity.set(entityId, compileEntityRules(rules));
  return { byEntity, dependents: dependentsByEntity(byEntity), entityNames, memo: new Map() };
}

/**
 * Compiled published rules by tenant: a rule is compiled once per published version, not per
 * save. Exact like the entity cache (published-entity.cache.ts): creating a published rule,
 * publishing and deleting one announce `rulesChangeKey(tenant)`; entity changes (publish, delete)
 * evict too, since rules name entities. Entries are stored only if no eviction happened while
 * they were read; a TTL bounds staleness when another process's notifications were lost.
 */
export class RuleCache {
  private readonly byTenant = new Map<string, { rules: TenantRules; at: number }>();
  private generation = 0;

  constructor(
    bus: InvalidationBus,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe((key) => {
      if (key === null) this.evict(null);
      else if (key.startsWith(RULES_PREFIX)) this.evict(key.slice(RULES_PREFIX.length));
      else if (key.startsWith(ENTITIES_PREFIX)) this.evict(key.slice(ENTITIES_PREFIX.length));
    });
  }

  /** The tenant's compiled rules; a transaction that changed its tenant's rules or entities reads its own view. */
  async forTenant(tx: TenantTx): Promise<TenantRules> {
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
  evict(tenantId: string | null): void {
    this.generation++;
    if (tenantId === null) this.byTenant.clear();
    else this.byTenant.delete(tenantId);
  }
}
