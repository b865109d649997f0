import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { findPublishedEntity } from '../../src/domain/entities/entity.repository.js';
import type { PublishedEntity } from '../../src/domain/entities/entity.types.js';
import type { ListQuery } from '../../src/domain/records/list-query.js';
import { planList } from '../../src/domain/records/record-list.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The plan of `filter.categoria=X&sort=precio&order=desc` on an entity declaring [categoria, precio]:
 * the page is read in order from the btree of the index's slot on records (migration 024), and
 * nothing sorts the matching rows.
 */
describe('the plan of a list answered by a declared index', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<TestApp['createTenant']>>;
  let entity: PublishedEntity;
  const LIMIT = 20;
  /** The btree of slot 1, the slot of the entity's one index. */
  const SLOT_INDEX = 'records_index_slot_1_idx';
  const MATCHING = 3000;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Plan Co');
    const as = { apiKey: tenant.apiKey };
    const created = await t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'products' },
          fields: [
            { name: 'Categoria', fieldKey: 'categoria', fieldType: 'text' },
            { name: 'Precio', fieldKey: 'precio', fieldType: 'number' },
          ],
          indexes: [{ fields: ['categoria', 'precio'] }],
        },
        auto_publish: true,
        version_message: 'v1',
      },
      as,
    );
    expect(created.status).toBe(201);
    entity = (await withTenant(t.db, tenant.id, { readOnly: true }, (tx) => findPublishedEntity(tx, 'products'))) as PublishedEntity;
    // Many records in one category and as many in others; the records trigger computes their keys.
    await withTenant(t.db, tenant.id, { readOnly: false }, (tx) =>
      tx.query(
        `insert into records (tenant_id, entity_id, name, data)
         select $1, $2, 'p' || n, jsonb_build_object('categoria', case when n % 2 = 0 then 'lamps' else 'c' || (n % 7) end,
                                                     'precio', (n * 37) % 1000)
           from generate_series(1, $3::int) n`,
        [tenant.id, entity.id, MATCHING * 2],
      ),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const explain = (query: ListQuery) =>
    withTenant(t.db, tenant.id, { readOnly: true }, async (tx) => {
      const plan = planList(tenant.id, entity, query, 1000);
      const [row] = await tx.query<Record<string, unknown>>(`explain (analyze, format json) ${plan.text}`, plan.params);
      const raw = Object.values(row!)[0];
      return nodesOf(((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>)[0]!.Plan);
    });
  let analysed = false;
  /** Statistics, as autovacuum gathers them on PostgreSQL and the service's maintenance on PGlite (pglite-maintenance.ts). */
  const analyse = async () => {
    if (!analysed) await probe(() => t.db.exec('analyze records'));
    analysed = true;
  };
  const query: ListQuery = {
    page: 1,
    limit: LIMIT,
    sort: 'precio',
    order: 'desc',
    filters: [{ field: 'categoria', op: 'eq', value: 'lamps' }],
    count: 'none',
  };
  /** Rows fed into each Sort node: what it had to sort. */
  const sorted = (nodes: PlanNode[]) =>
    nodes.filter((n) => n['Node Type'] === 'Sort').map((n) => (n.Plans?.[0]?.['Actual Rows'] ?? 0) * (n.Plans?.[0]?.['Actual Loops'] ?? 1));

  it("reads the btree of the index's slot in order and sorts at most the rows of a page", async () => {
    await analyse();
    const nodes = await explain(query);
    expect(nodes.some((n) => n['Index Name'] === SLOT_INDEX)).toBe(true);
    for (const rows of sorted(nodes)) expect(rows).toBeLessThanOrEqual(2 * (LIMIT + 1));
    // The records are read through the slot, a page of them, never scanned for the category.
    const entryReads = nodes.filter((n) => n['Index Name'] === SLOT_INDEX);
    expect(entryReads.every((n) => (n['Actual Rows'] ?? 0) <= LIMIT + 1)).toBe(true);
  });

  it('counts the matches from the keys of the slot when the index decides every condition', async () => {
    await analyse();
    const nodes = await explain({ ...query, count: 'exact' });
    // The exact total: every record of the category read once, by the slot's btree or (half the
    // table matching here) a scan, under the conditions of the index alone; any other read of the
    // records is the page's.
    const counting = nodes.filter((n) => n['Relation Name'] === 'records' && n['Actual Rows'] === MATCHING);
    expect(counting).toHaveLength(1);
    const recordReads = nodes
      .filter((n) => n['Relation Name'] === 'records' && !counting.includes(n))
      .map((n) => (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1));
    expect(Math.max(0, ...recordReads)).toBeLessThanOrEqual(LIMIT + 1);
    const listed = await t.get('/api/entities/products/records?filter.categoria=lamps&sort=precio&order=desc&count=exact', {
      apiKey: tenant.apiKey,
    });
    expect([listed.body.data.total, listed.body.data.totalExact]).toEqual([MATCHING, true]);
  });

  it('reads `in` on the leading field as one ordered read per value, merging a few rows', async () => {
    await analyse();
    const nodes = await explain({ ...query, filters: [{ field: 'categoria', op: 'in', value: 'lamps,c1' }] });
    const entryReads = nodes.filter((n) => n['Index Name'] === SLOT_INDEX);
    expect(entryReads.length).toBeGreaterThanOrEqual(2);
    expect(entryReads.every((n) => (n['Actual Rows'] ?? 0) <= LIMIT + 1)).toBe(true);
    // What is sorted are the rows the reads gave (two values, valued and empty segments), never the matches.
    for (const rows of sorted(nodes)) expect(rows).toBeLessThanOrEqual(4 * (LIMIT + 1));
  });

  it('the same list with the index out of service sorts every matching row (what the index saves)', async () => {
    await analyse();
    const unindexed = { ...entity, builtIndexes: entity.builtIndexes!.map((i) => ({ ...i, state: 'building' as const })) };
    const nodes = await withTenant(t.db, tenant.id, { readOnly: true }, async (tx) => {
      const plan = planList(tenant.id, unindexed, query, 1000);
      const [row] = await tx.query<Record<string, unknown>>(`explain (analyze, format json) ${plan.text}`, plan.params);
      const raw = Object.values(row!)[0];
      return nodesOf(((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>)[0]!.Plan);
    });
    expect(nodes.some((n) => n['Index Name'] === SLOT_INDEX)).toBe(false);
    expect(Math.max(0, ...sorted(nodes))).toBeGreaterThanOrEqual(MATCHING);
  });
});
