import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { migrate } from '../../src/db/migrate.js';
import { verifyTenantIsolation, withTenant } from '../../src/db/with-tenant.js';
import { manualClock } from '../../src/domain/auth/clock.js';
import { prepareRuntime, type Runtime } from '../../src/start.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * Migration 019 (MIGRATION) turns the runs log's row per run into a row per save (docs/rules.md "Rule runs"):
 * a database left at 018 with runs logged upgrades, and list_rule_runs answers the same runs —
 * ids, order, fields — as before.
 */
/** src/db/migrations/019_rule_runs_per_save.sql */
const MIGRATION = 19;

describe('upgrading the rule runs log to a row per save', () => {
  let database: TestDatabase;
  let runtime: Runtime | undefined;
  const slugs = ['runs-one', 'runs-two'];
  const tenants: string[] = [];
  const ids = {
    rule1: '00000000-0000-4000-8000-000000000001',
    rule2: '00000000-0000-4000-8000-000000000002',
    record1: '00000000-0000-4000-8000-0000000000a1',
    record2: '00000000-0000-4000-8000-0000000000a2',
  };
  // Two saves of tenant one (the first with two runs), one of tenant two; run ids chosen so that
  // the old order (created_at desc, id desc) is known.
  const runs = [
    {
      tenant: 0,
      id: '10000000-0000-4000-8000-000000000001',
      rule: ids.rule1,
      record: ids.record1,
      at: '2026-01-01T10:00:00.000Z',
      op: 'create',
    },
    {
      tenant: 0,
      id: '10000000-0000-4000-8000-000000000002',
      rule: ids.rule2,
      record: ids.record1,
      at: '2026-01-01T10:00:00.000Z',
      op: 'create',
    },
    {
      tenant: 0,
      id: '10000000-0000-4000-8000-000000000003',
      rule: ids.rule1,
      record: ids.record1,
      at: '2026-01-01T11:00:00.000Z',
      op: 'update',
    },
    {
      tenant: 1,
      id: '10000000-0000-4000-8000-000000000004',
      rule: ids.rule1,
      record: ids.record2,
      at: '2026-01-01T10:00:00.000Z',
      op: 'create',
    },
  ];
  const expected = (r: (typeof runs)[number]) => ({
    id: r.id,
    ruleId: r.rule,
    ruleName: `rule ${r.rule.slice(-1)}`,
    entityName: 'invoices',
    recordId: r.record,
    operation: r.op,
    triggerType: 'before_save',
    actor: r.op === 'create' ? { kind: 'tenant_key', id: 'key-1' } : null,
    inputs: { subtotal: 10 },
    outputs: { tax: r.id.endsWith('2') ? 2 : null },
    validation: { result: 'passed', findings: [] },
    durationMs: 0.25,
    createdAt: r.at,
  });

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: MIGRATION - 1 });
    const db = database.db;
    for (const slug of slugs) {
      const [row] = await db.query<{ id: string }>('insert into tenants (name, slug) values ($1, $1) returning id', [slug]);
      tenants.push(row!.id);
    }
    for (const r of runs) {
      const e = expected(r);
      await withTenant(db, tenants[r.tenant]!, { readOnly: false }, (tx) =>
        tx.query(
          `insert into rule_runs (tenant_id, id, rule_id, rule_name, entity_name, record_id, operation, trigger_type, actor_kind, actor_id,
                                  inputs, outputs, validation, duration_ms, created_at)
           values ($1, $2, $3, $4, 'invoices', $5, $6, 'before_save', $7, $8, $9::text::jsonb, $10::text::jsonb, $11::text::jsonb, 0.25, $12)`,
          [
            tx.tenantId,
            r.id,
            r.rule,
            e.ruleName,
            r.record,
            r.op,
            e.actor?.kind ?? null,
            e.actor?.id ?? null,
            JSON.stringify(e.inputs),
            JSON.stringify(e.outputs),
            JSON.stringify(e.validation),
            r.at,
          ],
        ),
      );
    }
  });
  afterAll(async () => {
    if (runtime) await runtime.app.close();
    await database.drop();
  });

  it('applies the migration, groups the runs into their saves, and passes the isolation check', async () => {
    const applied = await migrate(database.db);
    expect(applied).toContain(MIGRATION);
    expect(await migrate(database.db)).toEqual([]);
    const saves = await withTenant(database.db, tenants[0]!, { readOnly: true }, (tx) =>
      tx.query<{ run_count: number; operation: string }>(
        'select run_count, operation from rule_runs where tenant_id = $1 order by created_at',
        [tx.tenantId],
      ),
    );
    expect(saves).toEqual([
      { run_count: 2, operation: 'create' },
      { run_count: 1, operation: 'update' },
    ]);
    await expect(verifyTenantIsolation(database.db)).resolves.toBeUndefined();
  });

  it('answers list_rule_runs as before: same runs, ids, order and filters, per tenant', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-password-1',
      JWT_SECRET: 'x'.repeat(40),
      RULE_RUNS_KEEP_DAYS: '100000',
    });
    runtime = await prepareRuntime(config, () => undefined, { db: database.db, clock: manualClock(new Date()) });
    const get = async (url: string, slug: string) => {
      const login = await runtime!.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'admin@test.local', password: 'admin-password-1' }),
      });
      const res = await runtime!.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${login.json().data.token}`, 'x-tenant-id': slug },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const one = runs.filter((r) => r.tenant === 0);
    const newestFirst = [one[2]!, one[1]!, one[0]!].map(expected);
    expect(await get('/api/rule-runs', slugs[0]!)).toEqual({ data: newestFirst, total: 3, page: 1, limit: 50 });
    expect(await get('/api/rule-runs?limit=1&page=2', slugs[0]!)).toEqual({ data: [newestFirst[1]], total: 3, page: 2, limit: 1 });
    expect((await get(`/api/rule-runs?ruleId=${ids.rule1}`, slugs[0]!)).data).toEqual([newestFirst[0], newestFirst[2]]);
    expect(await get('/api/rule-runs', slugs[1]!)).toEqual({ data: [expected(runs[3]!)], total: 1, page: 1, limit: 50 });
  });
});
