import type { ParityCase, ParityEnv, ParityTenant } from './parity-harness.js';

/** Parity cases of the business-rule tools (docs/rules.md): REST and MCP answer alike. */

async function rest(env: ParityEnv, tn: ParityTenant, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const res = await env.t.request(method, path, body, { apiKey: tn.apiKey });
  if (!res.body?.success) throw new Error(`arrange ${method} ${path} failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const ITEMS = {
  entity: { name: 'parity_rule_items' },
  fields: [
    { name: 'Qty', fieldKey: 'qty', fieldType: 'number' },
    { name: 'Price', fieldKey: 'price', fieldType: 'number' },
    { name: 'Total', fieldKey: 'total', fieldType: 'number' },
  ],
};
const DSL = { compute: { total: 'qty * price' } };

/** The entity (once per tenant) and a rule on it; the rule's id by tenant. */
const rules = new Map<string, string>();
async function ruleIn(env: ParityEnv, tn: ParityTenant, publish = false): Promise<void> {
  if ((await env.t.get('/api/metadata/entities/parity_rule_items', { apiKey: tn.apiKey })).status !== 200) {
    await rest(env, tn, 'POST', '/api/entities', { definition: ITEMS, auto_publish: true, version_message: 'v1' });
  }
  if (rules.has(tn.id)) return;
  rules.set(tn.id, (await rest(env, tn, 'POST', '/api/entities/parity_rule_items/rules', { publish, ruleDsl: DSL })).id);
}
const ruleOf = (tn: ParityTenant) => rules.get(tn.id) ?? '00000000-0000-4000-8000-000000000000';
const entityOnly = async (env: ParityEnv, tn: ParityTenant) => {
  if ((await env.t.get('/api/metadata/entities/parity_rule_items', { apiKey: tn.apiKey })).status !== 200) {
    await rest(env, tn, 'POST', '/api/entities', { definition: ITEMS, auto_publish: true, version_message: 'v1' });
  }
};
const twin = { as: 'tenant', sides: 'twin' } as const;
const shared = { as: 'tenant', sides: 'shared' } as const;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

export const RULE_PARITY_CASES: Record<string, ParityCase[]> = {
  create_business_rule: [
    {
      ...twin,
      title: 'a published formula',
      arrange: entityOnly,
      args: () => ({ entityName: 'parity_rule_items', ruleDsl: DSL, publish: true }),
      rest: () => ({ method: 'POST', path: '/api/entities/parity_rule_items/rules', body: { ruleDsl: DSL, publish: true } }),
    },
    {
      ...shared,
      title: 'a bad expression',
      refused: true,
      arrange: entityOnly,
      args: () => ({ entityName: 'parity_rule_items', ruleDsl: { compute: { total: 'qty * prize' } } }),
      rest: () => ({
        method: 'POST',
        path: '/api/entities/parity_rule_items/rules',
        body: { ruleDsl: { compute: { total: 'qty * prize' } } },
      }),
    },
  ],
  list_business_rules: [
    {
      ...shared,
      title: 'of one entity',
      arrange: (e, tn) => ruleIn(e, tn),
      args: () => ({ entityName: 'parity_rule_items' }),
      rest: () => ({ method: 'GET', path: '/api/rules?entityName=parity_rule_items' }),
    },
  ],
  get_business_rule: [
    {
      ...shared,
      title: 'by id',
      arrange: (e, tn) => ruleIn(e, tn),
      args: (_e, tn) => ({ ruleId: ruleOf(tn) }),
      rest: (_e, tn) => ({ method: 'GET', path: `/api/rules/${ruleOf(tn)}` }),
    },
    {
      ...shared,
      title: 'unknown id',
      refused: true,
      args: () => ({ ruleId: UNKNOWN }),
      rest: () => ({ method: 'GET', path: `/api/rules/${UNKNOWN}` }),
    },
  ],
  publish_business_rule: [
    {
      ...twin,
      title: 'a draft',
      arrange: (e, tn) => ruleIn(e, tn),
      args: (_e, tn) => ({ ruleId: ruleOf(tn) }),
      rest: (_e, tn) => ({ method: 'POST', path: `/api/rules/${ruleOf(tn)}/publish` }),
    },
  ],
  delete_business_rule: [
    {
      ...shared,
      title: 'unknown id',
      refused: true,
      args: () => ({ ruleId: UNKNOWN }),
      rest: () => ({ method: 'DELETE', path: `/api/rules/${UNKNOWN}` }),
    },
  ],
  test_business_rule: [
    {
      ...shared,
      title: 'a rule given inline',
      arrange: entityOnly,
      args: () => ({ entityName: 'parity_rule_items', ruleDsl: DSL, sampleData: { qty: 2, price: 3 } }),
      rest: () => ({
        method: 'POST',
        path: '/api/rules/test',
        body: { entityName: 'parity_rule_items', ruleDsl: DSL, sampleData: { qty: 2, price: 3 } },
      }),
    },
    {
      ...shared,
      title: 'no rule named',
      refused: true,
      args: () => ({ sampleData: {} }),
      rest: () => ({ method: 'POST', path: '/api/rules/test', body: { sampleData: {} } }),
    },
  ],
  list_rule_runs: [
    {
      ...shared,
      title: 'of one rule',
      arrange: (e, tn) => ruleIn(e, tn),
      args: (_e, tn) => ({ ruleId: ruleOf(tn) }),
      rest: (_e, tn) => ({ method: 'GET', path: `/api/rule-runs?ruleId=${ruleOf(tn)}` }),
    },
  ],
};
