import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

/**
 * The log holds a save's runs together (docs/rules.md "Rule runs"): the count bound is in runs,
 * enforced in whole saves, and list_rule_runs pages over runs whatever the saves hold.
 */
describe('rule runs of saves with several rules: retention and paging', () => {
  const KEEP = 5;
  let f: RulesFixture;
  let taxRule: any;
  let checkRule: any;
  beforeAll(async () => {
    f = await createRulesFixture({ RULE_RUNS_KEEP: String(KEEP), RULE_RUNS_KEEP_DAYS: '1' });
    taxRule = await f.createRule('invoices', { publish: true, ruleDsl: { compute: { tax: 'subtotal * 0.2' } } });
    checkRule = await f.createRule('invoices', {
      publish: true,
      ruleDsl: { validate: [{ id: 'small', condition: 'subtotal < 100', message: 'Large', severity: 'info' }] },
    });
  });
  afterAll(async () => {
    await f.t.close();
  });

  const listAll = async (query = '') => (await f.t.get(`/api/rule-runs?limit=100${query}`, f.as)).body.data;

  it('keeps at most RULE_RUNS_KEEP runs plus one save, dropping whole saves, the oldest first', async () => {
    const records = [];
    for (let i = 0; i < 9; i++) {
      records.push(await f.record('invoices', { code: `K-${i}`, subtotal: 15 * i }));
      f.t.clock.advance(10);
      // Every save logs its two runs; the prune (every run here: KEEP / 10 rounds up to 1) leaves
      // at most KEEP runs before the save's own are added.
      expect((await f.counts()).runs).toBeLessThanOrEqual(KEEP + 2);
    }
    const runs = await listAll();
    expect(runs.total).toBe(runs.data.length);
    expect(runs.total).toBeLessThanOrEqual(KEEP + 2);
    const kept = [...new Set(runs.data.map((r: any) => r.recordId))];
    // The newest records, newest first, each with both of its runs.
    expect(kept).toEqual(
      records
        .slice(-kept.length)
        .reverse()
        .map((r) => r.id),
    );
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const id of kept) {
      expect(
        runs.data
          .filter((r: any) => r.recordId === id)
          .map((r: any) => r.ruleId)
          .sort(),
      ).toEqual([taxRule.id, checkRule.id].sort());
    }
  });

  it('pages over runs, not saves: the pages are the whole list cut in order, without repeats', async () => {
    const all = await listAll();
    const ids: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 3) + 1; page++) {
      const res = await f.t.get(`/api/rule-runs?limit=3&page=${page}`, f.as);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(page <= Math.ceil(all.total / 3) ? all.total : 0);
      ids.push(...res.body.data.data.map((r: any) => r.id));
    }
    expect(ids).toEqual(all.data.map((r: any) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('filters by rule, entity and record inside saves holding other rules’ runs', async () => {
    const all = await listAll();
    const byRule = await listAll(`&ruleId=${checkRule.id}`);
    expect(byRule.data).toEqual(all.data.filter((r: any) => r.ruleId === checkRule.id));
    expect(byRule.data.every((r: any) => r.validation.result === (r.inputs.subtotal < 100 ? 'passed' : 'info'))).toBe(true);
    const record = all.data[0].recordId;
    const byRecord = await listAll(`&recordId=${record}&ruleId=${taxRule.id}`);
    expect(byRecord.data).toEqual(all.data.filter((r: any) => r.recordId === record && r.ruleId === taxRule.id));
    expect(byRecord.total).toBe(1);
    expect((await listAll('&entityName=invoice_lines')).total).toBe(0);
  });

  it('a prune rolled back with its save leaves nothing behind: the next prunes still reach what it would have deleted', async () => {
    // A unique field: the write does not carry the COMMIT, and a duplicate fails after it, so the
    // whole save — the prune its runs log ran first (KEEP / 10 rounds up to 1: every save) — rolls back.
    const created = await f.t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'tickets' },
          fields: [
            { name: 'code', fieldKey: 'code', fieldType: 'text', isUnique: true },
            { name: 'n', fieldKey: 'n', fieldType: 'number' },
            { name: 'twice', fieldKey: 'twice', fieldType: 'number' },
          ],
        },
        auto_publish: true,
        version_message: 'v1',
      },
      f.as,
    );
    expect(created.status).toBe(201);
    await f.createRule('tickets', { publish: true, ruleDsl: { compute: { twice: 'n * 2' } } });
    for (let i = 0; i < 6; i++) {
      f.t.clock.advance(10);
      await f.record('tickets', { code: `T-${i}`, n: i });
    }
    // Two runs in one save: the next prune (the refused save's) has two saves to delete, of different times.
    f.t.clock.advance(10);
    await f.record('invoices', { code: 'P-1', subtotal: 1 });
    f.t.clock.advance(10);
    const before = (await f.counts()).runs;
    const duplicate = await f.t.post('/api/entities/tickets/records', { code: 'T-0', n: 9 }, f.as);
    expect(duplicate.status).toBe(409);
    expect((await f.counts()).runs).toBe(before);
    for (let i = 6; i < 12; i++) {
      f.t.clock.advance(10);
      await f.record('tickets', { code: `T-${i}`, n: i });
      expect((await f.counts()).runs).toBeLessThanOrEqual(KEEP + 1);
    }
  });
});
