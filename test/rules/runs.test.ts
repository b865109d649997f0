import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

describe('rule runs are logged per tenant, within a retention bound', () => {
  let f: RulesFixture;
  beforeAll(async () => {
    f = await createRulesFixture({ RULE_RUNS_KEEP: '3', RULE_RUNS_KEEP_DAYS: '1' });
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('logs each run of a published rule: rule, record, trigger, actor, inputs, outputs, validation, duration', async () => {
    const rule = await f.createRule('invoices', {
      publish: true,
      ruleDsl: {
        compute: { tax: 'subtotal * 0.2' },
        validate: [{ id: 'big', condition: 'subtotal < 100', message: 'Large', severity: 'warning' }],
      },
    });
    await f.createRule('invoices', { ruleDsl: { transform: { code: 'trim' } } }); // a draft: never runs
    const record = await f.record('invoices', { code: 'R-1', subtotal: 150 });
    const res = await f.t.get(`/api/rule-runs?recordId=${record.id}`, f.as);
    expect(res.status).toBe(200);
    const key = (await f.t.get('/api/auth/api-keys', { token: f.tenant.token })).body.data[0];
    expect(res.body.data).toMatchObject({ total: 1, page: 1, limit: 50 });
    expect(res.body.data.data[0]).toEqual({
      id: expect.any(String),
      ruleId: rule.id,
      ruleName: rule.name,
      entityName: 'invoices',
      recordId: record.id,
      operation: 'create',
      triggerType: 'before_save',
      actor: { kind: 'tenant_key', id: key.id },
      inputs: { subtotal: 150 },
      outputs: { tax: 30 },
      validation: { result: 'warning', findings: [{ id: 'big', message: 'Large', severity: 'warning' }] },
      durationMs: expect.any(Number),
      createdAt: expect.any(String),
    });
    f.t.clock.advance(1000); // runs are ordered by the service clock's time
    await f.t.patch(`/api/entities/invoices/records/${record.id}`, { subtotal: 10 }, f.as);
    const byRule = await f.t.get(`/api/rule-runs?ruleId=${rule.id}&limit=1`, f.as);
    expect(byRule.body.data.data[0]).toMatchObject({
      operation: 'update',
      outputs: { tax: 2 },
      validation: { result: 'passed', findings: [] },
    });
    expect(byRule.body.data.total).toBe(2);
  });

  it('keeps at most RULE_RUNS_KEEP runs (pruned every few inserts) and none older than RULE_RUNS_KEEP_DAYS', async () => {
    for (let i = 0; i < 8; i++) await f.record('invoices', { code: `N-${i}`, subtotal: i });
    expect((await f.counts()).runs).toBeLessThanOrEqual(5);
    f.t.clock.advance(2 * 86_400_000);
    const last = await f.record('invoices', { code: 'LATER', subtotal: 1 });
    const runs = (await f.t.get('/api/rule-runs', f.as)).body.data;
    expect(runs.data.map((r: any) => r.recordId)).toEqual([last.id]);
  });

  it('refuses bad filters with VALIDATION_ERROR', async () => {
    for (const q of ['recordId=nope', 'ruleId=nope', 'limit=0', 'page=0', 'other=1']) {
      const res = await f.t.get(`/api/rule-runs?${q}`, f.as);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('rule run ids', () => {
  let f: RulesFixture;
  beforeAll(async () => {
    f = await createRulesFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('gives each run an id of its own, a UUID that is the same at every read', async () => {
    await f.createRule('invoices', { publish: true, ruleDsl: { compute: { tax: 'subtotal * 0.2' } } });
    await f.createRule('invoices', { publish: true, ruleDsl: { compute: { total: 'subtotal + tax' } } });
    const a = await f.record('invoices', { code: 'ID-1', subtotal: 1 });
    const b = await f.record('invoices', { code: 'ID-2', subtotal: 2 });
    const read = async () =>
      (await f.t.get('/api/rule-runs?limit=100', f.as)).body.data.data.filter((r: any) => [a.id, b.id].includes(r.recordId));
    const first = await read();
    expect(first).toHaveLength(4); // two rules in each save
    const ids = first.map((r: any) => r.id);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await read()).map((r: any) => r.id)).toEqual(ids);
  });
});
