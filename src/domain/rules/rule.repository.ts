import { announceChange } from '../../db/invalidation.js';
import type { TenantTx } from '../../db/with-tenant.js';
import type { BusinessRule, RuleDraft, RuleStatus } from './rule.types.js';

/** The change key of a tenant's published rules (rule.cache.ts). */
export const rulesChangeKey = (tenantId: string) => `rules:${tenantId}`;

const announceRulesChange = (tx: TenantTx) => announceChange(tx, rulesChangeKey(tx.tenantId));

const COLUMNS = `r.id, e.name as "entityName", r.name, r.trigger_type as "triggerType", r.trigger_fields as "triggerFields",
  r.rule_dsl as "ruleDsl", r.status, r.published_at as "publishedAt", r.created_at as "createdAt", r.updated_at as "updatedAt"`;

const FROM = 'business_rules r join entities e on e.tenant_id = r.tenant_id and e.id = r.entity_id';

type Row = BusinessRule & Record<string, unknown>;

export async function insertRule(tx: TenantTx, entityId: string, draft: RuleDraft, status: RuleStatus): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into business_rules (tenant_id, entity_id, name, trigger_type, trigger_fields, rule_dsl, status, published_at)
     values ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7, case when $7 = 'published' then now() end)
     returning id`,
    [tx.tenantId, entityId, draft.name, draft.triggerType, JSON.stringify(draft.triggerFields), JSON.stringify(draft.ruleDsl), status],
  );
  if (status === 'published') await announceRulesChange(tx);
  return row!.id;
}

export async function findRule(tx: TenantTx, id: string, options: { forUpdate?: boolean } = {}): Promise<BusinessRule | null> {
  const rows = await tx.query<Row>(
    `select ${COLUMNS} from ${FROM} where r.tenant_id = $1 and r.id = $2${options.forUpdate ? ' for update of r' : ''}`,
    [tx.tenantId, id],
  );
  return rows[0] ?? null;
}

export async function listRules(
  tx: TenantTx,
  filter: { entityName?: string | undefined; status?: RuleStatus | undefined },
): Promise<BusinessRule[]> {
  return tx.query<Row>(
    `select ${COLUMNS} from ${FROM}
      where r.tenant_id = $1 and ($2::text is null or e.name = $2) and ($3::text is null or r.status = $3)
      order by e.name, r.created_at, r.id`,
    [tx.tenantId, filter.entityName ?? null, filter.status ?? null],
  );
}

/** Every published rule of the tenant, with its entity's id (what the rule cache compiles). */
export async function listPublishedRules(tx: TenantTx): Promise<Array<BusinessRule & { entityId: string }>> {
  return tx.query<Row & { entityId: string }>(
    `select ${COLUMNS}, r.entity_id as "entityId" from ${FROM}
      where r.tenant_id = $1 and r.status = 'published' order by r.created_at, r.id`,
    [tx.tenantId],
  );
}

export async function markPublished(tx: TenantTx, id: string): Promise<void> {
  await tx.query(
    `update business_rules set status = 'published', published_at = now(), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tx.tenantId, id],
  );
  await announceRulesChange(tx);
}

export async function deleteRuleRow(tx: TenantTx, id: string): Promise<{ status: RuleStatus } | null> {
  const [row] = await tx.query<{ status: RuleStatus }>('delete from business_rules where tenant_id = $1 and id = $2 returning status', [
    tx.tenantId,
    id,
  ]);
  if (row?.status === 'published') await announceRulesChange(tx);
  return row ?? null;
}
