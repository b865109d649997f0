import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceChange } from '../../src/db/invalidation.js';
import { withTenant } from '../../src/db/with-tenant.js';
import { entitiesChangeKey, findPublishedEntity } from '../../src/domain/entities/entity.repository.js';
import type { PublishedEntity } from '../../src/domain/entities/entity.types.js';
import { MAX_INDEX_READS, planIndexedList } from '../../src/domain/records/indexed-source.js';
import type { FilterClause } from '../../src/domain/records/list-query.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Lists answered through a declared index equal the same lists answered without it: same records,
 * same order, same totals — across empty values, ties, mixed date forms, `in` on a leading field,
 * number, date and text ranges, and pages.
 */
describe('lists through declared indexes', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<TestApp['createTenant']>>;
  let as: { apiKey: string };
  let run = 0;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Indexed Lists');
    as = { apiKey: tenant.apiKey };
  });
  afterAll(async () => {
    await t.close();
  });

  const INDEXES = [
    { fields: ['cat', 'price'] },
    { fields: ['cat', 'day'] },
    { fields: ['flag', 'label'] },
    { fields: ['price'] },
    { fields: ['label'] },
  ];
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const record = fc.record({
    cat: maybe(fc.constantFrom('a', 'b', 'B', 'á', '')),
    price: maybe(fc.constantFrom(-1, 0, 1.5, 2, 10, 1e6)),
    day: maybe(
      fc.constantFrom('2025-01-31', '2025-01-31T00:00:00Z', '2025-01-30T23:59:59.999Z', '1969-12-31', '2025-02-01T08:00:00+02:00'),
    ),
    flag: maybe(fc.boolean()),
    label: maybe(fc.constantFrom('x', 'X', 'a b', 'ab', 'Ab', '', 'zz')),
  });
  const filter: fc.Arbitrary<FilterClause> = fc.oneof(
    fc.record({
      field: fc.constant('cat'),
      op: fc.constant('eq' as const),
      value: fc.constantFrom('a', 'b', 'á', 'zzz'),
    }),
    // `in` on a leading field: one ordered read per value, merged (duplicates and unknown values too).
    fc.record({
      field: fc.constant('cat'),
      op: fc.constant('in' as const),
      value: fc.constantFrom('a,b', 'b, á ,zzz', 'a,a', 'B', 'a,b,B,á'),
    }),
    fc.record({
      field: fc.constant('flag'),
      op: fc.constant('eq' as const),
      value: fc.constantFrom('true', 'false'),
    }),
    // Text ranges on a text sort field: bounds on the text key.
    fc.record({
      field: fc.constant('label'),
      op: fc.constantFrom('gt' as const, 'gte' as const, 'lt' as const, 'lte' as const),
      value: fc.constantFrom('a', 'X', 'ab', 'a b', 'zz', 'b'),
    }),
    fc.record({
      field: fc.constant('price'),
      op: fc.constantFrom('gt' as const, 'lte' as const),
      value: fc.constantFrom('0', '2', '-5'),
    }),
    fc.record({
      field: fc.constant('day'),
      op: fc.constantFrom('gte' as const, 'lt' as const),
      value: fc.constantFrom('2025-01-31', '2025-01-31T00:00:00Z'),
    }),
  );
  const query = fc.record({
    filters: fc.uniqueArray(filter, {
      maxLength: 2,
      selector: (f) => `${f.field}.${f.op}`,
    }),
    sort: fc.constantFrom('price', 'day', 'label', 'cat'),
    order: fc.constantFrom('asc' as const, 'desc' as const),
    page: fc.integer({ min: 1, max: 3 }),
    limit: fc.integer({ min: 1, max: 7 }),
  });
  const url = (
    name: string,
    q: {
      filters: FilterClause[];
      sort: string;
      order: string;
      page: number;
      limit: number;
    },
  ) => {
    const params = new URLSearchParams({
      sort: q.sort,
      order: q.order,
      page: String(q.page),
      limit: String(q.limit),
    });
    for (const f of q.filters) params.append(`filter.${f.field}${f.op === 'eq' ? '' : `.${f.op}`}`, f.value);
    return `/api/entities/${name}/records?${params}`;
  };
  const answer = async (name: string, q: Parameters<typeof url>[1]) => {
    const res = await t.get(url(name, q), as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data, ...rest } = res.body.data;
    return { ids: data.map((r: any) => r.id), total: rest.total };
  };
  const published = (name: string) =>
    withTenant(t.db, tenant.id, { readOnly: true }, async (tx) => (await findPublishedEntity(tx, name)) as PublishedEntity);

  it('answer the same records in the same order as the unindexed path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 0, maxLength: 25 }),
        fc.array(query, { minLength: 1, maxLength: 8 }),
        async (rows, queries) => {
          const name = `items_${++run}`;
          const created = await t.post(
            '/api/entities',
            {
              definition: {
                entity: { name },
                fields: [
                  { name: 'Cat', fieldKey: 'cat', fieldType: 'text' },
                  { name: 'Price', fieldKey: 'price', fieldType: 'number' },
                  { name: 'Day', fieldKey: 'day', fieldType: 'date' },
                  { name: 'Flag', fieldKey: 'flag', fieldType: 'boolean' },
                  { name: 'Label', fieldKey: 'label', fieldType: 'text' },
                ],
                indexes: INDEXES,
              },
              auto_publish: true,
              version_message: 'v1',
            },
            as,
          );
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          for (const row of rows) {
            const data = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
            expect((await t.post(`/api/entities/${name}/records`, data, as)).status).toBe(201);
          }
          const entity = await published(name);
          expect(entity.builtIndexes!.every((i) => i.state === 'ready')).toBe(true);
          const indexed = [];
          for (const q of queries) indexed.push(await answer(name, q));
          // The same lists with every index of the entity out of service: the unindexed path.
          await withTenant(t.db, tenant.id, { readOnly: false }, async (tx) => {
            await tx.query(`update entity_indexes set state = 'failed' where tenant_id = $1 and entity_id = $2`, [tenant.id, entity.id]);
            await announceChange(tx, entitiesChangeKey(tenant.id));
          });
          expect((await published(name)).builtIndexes!.every((i) => i.state === 'failed')).toBe(true);
          for (const [i, q] of queries.entries()) {
            expect(indexed[i], `${url(name, q)} (indexed: ${planIndexedList(entity, q) !== null})`).toEqual(await answer(name, q));
          }
          expect((await t.delete(`/api/entities/${name}`, as)).status).toBe(200);
        },
      ),
      { numRuns: 25, seed: 22 },
    );
  });

  it('uses an index for an equality or `in` on the leading fields sorted by the next one, and only then', async () => {
    const created = await t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'shapes' },
          fields: [
            { name: 'Cat', fieldKey: 'cat', fieldType: 'text' },
            { name: 'Price', fieldKey: 'price', fieldType: 'number' },
            { name: 'Label', fieldKey: 'label', fieldType: 'text' },
          ],
          indexes: [{ fields: ['cat', 'price'] }, { fields: ['label'] }],
        },
        auto_publish: true,
        version_message: 'v1',
      },
      as,
    );
    expect(created.status).toBe(201);
    const entity = await published('shapes');
    const f = (field: string, op: FilterClause['op'], value: string): FilterClause => ({ field, op, value });
    const cases: Array<[string | undefined, FilterClause[], string | null]> = [
      ['price', [f('cat', 'eq', 'a')], 'cat_price'],
      ['price', [f('cat', 'eq', 'a'), f('price', 'gt', '3')], 'cat_price'],
      ['label', [], 'label'],
      ['label', [f('cat', 'eq', 'a')], 'label'],
      ['price', [], null], // the leading field has no equality
      ['price', [f('cat', 'eq', '')], null], // an empty value is not in the index as such
      ['price', [f('cat', 'in', 'a,b')], 'cat_price'], // one ordered read per value
      ['price', [f('cat', 'in', Array.from({ length: MAX_INDEX_READS + 1 }, (_, i) => `c${i}`).join(','))], null], // too many reads
      ['price', [f('cat', 'in', 'a,b'), f('cat', 'eq', 'a')], 'cat_price'],
      ['label', [f('label', 'gte', 'b')], 'label'], // a text range bounds the read of the text key
      ['cat', [f('cat', 'eq', 'a')], null], // the sort is not the last field
      [undefined, [f('cat', 'eq', 'a')], null],
    ];
    for (const [sort, filters, index] of cases) {
      expect(planIndexedList(entity, { sort, filters })?.index.name ?? null, JSON.stringify({ sort, filters })).toBe(index);
    }
  });
});
