import type { TenantTx } from '../../db/with-tenant.js';
import { notFound, toolRef, validationError } from '../../errors.js';
import { listEntityStates, lockEntity } from '../entities/entity.repository.js';
import { entityNotFound } from '../entities/entity.service.js';
import type { EvalContext } from './engine/evaluate-compute.js';
import { runRuleSandbox } from './engine/sandbox.js';
import type { EntityCatalog } from './normalize-compute.js';
import { normalizeRule, type RuleInput } from './normalize-rule.js';
import { checkComputeGraph } from './rule-graph.js';
import { deleteRuleRow, findRule, insertRule, listPublishedRules, listRules as readRules, markPublished } from './rule.repository.js';
import type { BusinessRule, RuleDraft, RuleStatus } from './rule.types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant's entities and their field keys (published and draft fields), and each entity's id. */
export async function loadCatalog(tx: TenantTx): Promise<{ catalog: EntityCatalog; ids: Map<string, string> }> {
  const states = await listEntityStates(tx);
  const catalog = new Map<string, Set<string>>();
  const ids = new Map<string, string>();
  for (const s of states) {
    const fields = new Set([...(s.published?.definition.fields ?? []), ...(s.draft?.definition.fields ?? [])].map((f) => f.fieldKey));
    catalog.set(s.name, fields);
    ids.set(s.name, s.id);
  }
  return { catalog, ids };
}

/** The rule's normalized form, checked against its entity's fields and the tenant's entities. */
export async function prepareRule(tx: TenantTx, entityName: string, input: RuleInput): Promise<{ entityId: string; draft: RuleDraft }> {
  const { catalog, ids } = await loadCatalog(tx);
  const fields = catalog.get(entityName);
  const entityId = ids.get(entityName);
  if (!fields || !entityId) throw await entityNotFound(tx, entityName);
  const draft = normalizeRule(input, { fields: new Set([...fields, 'id']), catalog });
  return { entityId, draft };
}

/**
 * The published rules of an entity, plus `extra`, must order their computes (no duplicate targets,
 * no cycle). The entity row is locked first, so two rules of one entity created or published at the
 * same time are checked one after the other (each sees the other's outcome).
 */
async function checkWithPublished(
  tx: TenantTx,
  entityName: string,
  extra: { id: string | null; name: string; ruleDsl: RuleDraft['ruleDsl'] },
) {
  await lockEntity(tx, entityName);
  const published = (await listPublishedRules(tx)).filter((r) => r.entityName === entityName && r.id !== extra.id);
  checkComputeGraph([extra, ...published]);
}

/**
 * Validates and stores a rule (either shape; docs/rules.md "Rules as data"): a draft unless
 * `publish`. The domain entry point other features call (generate_business_rule, imports).
 */
export async function createRule(tx: TenantTx, entityName: string, input: RuleInput, options: { publish: boolean }): Promise<BusinessRule> {
  const { entityId, draft } = await prepareRule(tx, entityName, input);
  await checkWithPublished(tx, entityName, { id: null, name: draft.name, ruleDsl: draft.ruleDsl });
  const id = await insertRule(tx, entityId, draft, options.publish ? 'published' : 'draft');
  return (await findRule(tx, id))!;
}

function ruleNotFound(id: string) {
  return notFound(`No business rule with id ${id}; ${toolRef('list_business_rules')} lists the rules`);
}

export async function getRule(tx: TenantTx, id: string, options: { forUpdate?: boolean } = {}): Promise<BusinessRule> {
  if (!UUID.test(id)) throw validationError(`ruleId: "${id.slice(0, 80)}" is not a UUID`, [{ field: 'ruleId', message: 'must be a UUID' }]);
  const rule = await findRule(tx, id, options);
  if (!rule) throw ruleNotFound(id);
  return rule;
}

export async function listRules(tx: TenantTx, filter: { entityName?: string | undefined; status?: RuleStatus | undefined }) {
  if (filter.entityName !== undefined && !(await loadCatalog(tx)).ids.has(filter.entityName))
    throw await entityNotFound(tx, filter.entityName);
  return readRules(tx, filter);
}

/** Publishes a draft (checking its computes against the entity's published rules); a published rule is answered as it is. */
export async function publishRule(tx: TenantTx, id: string): Promise<BusinessRule> {
  const rule = await getRule(tx, id, { forUpdate: true });
  if (rule.status === 'published') return rule;
  await checkWithPublished(tx, rule.entityName, rule);
  await markPublished(tx, id);
  return (await findRule(tx, id))!;
}

export async function deleteRule(tx: TenantTx, id: string) {
  await getRule(tx, id);
  await deleteRuleRow(tx, id);
  return { id, deleted: true as const };
}

/** What test_business_rule runs: a stored rule, or one given as for create (nothing is stored). */
export type RuleUnderTest = { ruleId: string } | { entityName: string; input: RuleInput };

/** Runs a rule on sample data in the sandbox (engine/sandbox.ts); persists nothing. */
export async function testRule(ctx: Omit<EvalContext, 'tx'>, tx: TenantTx, subject: RuleUnderTest, sampleData: Record<string, unknown>) {
  const rule =
    'ruleId' in subject
      ? await getRule(tx, subject.ruleId)
      : { id: null, ...(await prepareRule(tx, subject.entityName, subject.input)).draft };
  return runRuleSandbox({ ...ctx, tx }, rule, sampleData);
}
