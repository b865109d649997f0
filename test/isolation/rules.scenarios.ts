import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { IsolationScenarios, TenantHandle } from './scenario.js';

/** A published entity in `tenant` (once per tenant) and a rule on it; answers the rule. */
export async function ruleIn(t: TestApp, tenant: TenantHandle, entity: string, publish = false) {
  const as = { apiKey: tenant.apiKey };
  if ((await t.get(`/api/metadata/entities/${entity}`, as)).status !== 200) {
    const fields = [
      { name: 'Qty', fieldKey: 'qty', fieldType: 'number' },
      { name: 'Total', fieldKey: 'total', fieldType: 'number' },
    ];
    const res = await t.post(
      '/api/entities',
      { definition: { entity: { name: entity }, fields }, auto_publish: true, version_message: 'v1' },
      as,
    );
    expect(res.status).toBe(201);
  }
  const res = await t.post(`/api/entities/${entity}/rules`, { publish, ruleDsl: { compute: { total: 'qty * 2' } } }, as);
  expect(res.status).toBe(201);
  return res.body.data as { id: string; status: string };
}

const seenByA = async (t: TestApp, a: TenantHandle, id: string) => (await t.get(`/api/rules/${id}`, { apiKey: a.apiKey })).body.data;

/** Tenant B acting on tenant A's rules: B sees none of them and changes nothing. */
export const RULE_SCENARIOS: IsolationScenarios = {
  async create_business_rule({ t, a, b }) {
    await ruleIn(t, a, 'iso_rule_create');
    // B cannot attach a rule to A's entity (it does not exist in B), nor name A's entity in a lookup.
    const res = await t.post('/api/entities/iso_rule_create/rules', { ruleDsl: { compute: { total: '1' } } }, { apiKey: b.apiKey });
    expect(res.status).toBe(404);
    await ruleIn(t, b, 'iso_rule_b');
    const lookup = await t.post(
      '/api/entities/iso_rule_b/rules',
      {
        ruleDsl: {
          compute: { total: { type: 'lookup', entity: 'iso_rule_create', matchField: 'id', matchValue: 'qty', resultField: 'total' } },
        },
      },
      { apiKey: b.apiKey },
    );
    expect(lookup.status).toBe(400);
    expect(lookup.body.error.message).toMatch(/unknown entity "iso_rule_create"/);
    expect((await t.get('/api/entities/iso_rule_create/rules', { apiKey: a.apiKey })).body.data).toHaveLength(1);
  },

  async list_business_rules({ t, a, b }) {
    const rule = await ruleIn(t, a, 'iso_rule_list');
    const res = await t.get('/api/rules', { apiKey: b.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: string }) => r.id)).not.toContain(rule.id);
    expect((await t.get('/api/entities/iso_rule_list/rules', { apiKey: b.apiKey })).status).toBe(404);
  },

  async get_business_rule({ t, a, b }) {
    const rule = await ruleIn(t, a, 'iso_rule_get');
    const res = await t.get(`/api/rules/${rule.id}`, { apiKey: b.apiKey });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('qty * 2');
  },

  async publish_business_rule({ t, a, b }) {
    const rule = await ruleIn(t, a, 'iso_rule_publish');
    expect((await t.post(`/api/rules/${rule.id}/publish`, {}, { apiKey: b.apiKey })).status).toBe(404);
    expect((await seenByA(t, a, rule.id)).status).toBe('draft');
  },

  async delete_business_rule({ t, a, b }) {
    const rule = await ruleIn(t, a, 'iso_rule_delete', true);
    expect((await t.delete(`/api/rules/${rule.id}`, { apiKey: b.apiKey })).status).toBe(404);
    expect((await seenByA(t, a, rule.id)).status).toBe('published');
  },

  async test_business_rule({ t, a, b }) {
    const rule = await ruleIn(t, a, 'iso_rule_test');
    const byId = await t.post('/api/rules/test', { ruleId: rule.id, sampleData: { qty: 2 } }, { apiKey: b.apiKey });
    expect(byId.status).toBe(404);
    // A record of A is invisible to a lookup run in B, even by its id.
    const record = await t.post('/api/entities/iso_rule_test/records', { qty: 7 }, { apiKey: a.apiKey });
    expect(record.status).toBe(201);
    await ruleIn(t, b, 'iso_rule_test');
    const lookup = await t.post(
      '/api/rules/test',
      {
        entityName: 'iso_rule_test',
        ruleDsl: {
          compute: { qty: { type: 'lookup', entity: 'iso_rule_test', matchField: 'id', matchValue: 'total', resultField: 'qty' } },
        },
        sampleData: { total: record.body.data.id },
      },
      { apiKey: b.apiKey },
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.computedValues).toEqual({ qty: null });
  },

  async list_rule_runs({ t, a, b }) {
    const rule = await ruleIn(t, a, 'iso_rule_runs', true);
    const saved = await t.post('/api/entities/iso_rule_runs/records', { qty: 1 }, { apiKey: a.apiKey });
    expect(saved.status).toBe(201);
    const mine = await t.get(`/api/rule-runs?ruleId=${rule.id}`, { apiKey: a.apiKey });
    expect(mine.body.data.total).toBe(1);
    for (const q of ['', `?ruleId=${rule.id}`, `?recordId=${saved.body.data.id}`, '?entityName=iso_rule_runs']) {
      const res = await t.get(`/api/rule-runs${q}`, { apiKey: b.apiKey });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body.data.data)).not.toContain(rule.id);
    }
  },
};
