import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { wrongEntries } from './indexes.helpers.js';

/**
 * A create writes its index entries in its own statement, keys computed by the service from the
 * cached definition (migration 023, docs/entities.md "Indexes"); the insert trigger completes what
 * a create left out. Which statement wrote an entry shows in its `cmin`: the command of the
 * transaction that inserted it — the record's own command for entries the create carried, a later
 * one for entries the trigger wrote.
 */
describe('index entries a create writes itself', () => {
  let t: TestApp;
  let shop: Awaited<ReturnType<TestApp['createTenant']>>;
  let as: { apiKey: string };
  let entityId: string;

  const definition = {
    entity: { name: 'items' },
    fields: [
      { name: 'Title', fieldKey: 'title', fieldType: 'text' },
      { name: 'Notes', fieldKey: 'notes', fieldType: 'textarea' },
      { name: 'N', fieldKey: 'n', fieldType: 'number' },
      { name: 'I', fieldKey: 'i', fieldType: 'integer' },
      { name: 'D', fieldKey: 'd', fieldType: 'date' },
      { name: 'At', fieldKey: 'at', fieldType: 'datetime' },
      { name: 'B', fieldKey: 'b', fieldType: 'boolean' },
      { name: 'Kind', fieldKey: 'kind', fieldType: 'select', config: { options: ['a', 'b', 'c'] } },
      { name: 'Parent', fieldKey: 'parent', fieldType: 'relation', config: { relatedEntity: 'items' } },
    ],
    indexes: [
      { name: 'notes_n_at', fields: ['notes', 'n', 'at'] },
      { name: 'd', fields: ['d'] },
      { name: 'b_i_kind', fields: ['b', 'i', 'kind'] },
    ],
  };

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.createTenant('Written Entries');
    as = { apiKey: shop.apiKey };
    const created = await t.post('/api/entities', { definition, auto_publish: true, version_message: 'v1' }, as);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [row] = await t.db.query<{ id: string }>("select id from entities where tenant_id = $1 and name = 'items'", [shop.id]);
    entityId = row!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The entries of one record: index name, identity, and whether the record's own command wrote it. */
  const entriesOf = (recordId: string) =>
    withTenant(t.db, shop.id, { readOnly: true }, (tx) =>
      tx.query<{ name: string; indexId: string; withRecord: boolean }>(
        `select e.index_name as name, e.index_id as "indexId", e.cmin::text::int = r.cmin::text::int as "withRecord"
           from record_index_entries e join records r on r.tenant_id = e.tenant_id and r.id = e.record_id
          where e.tenant_id = $1 and e.record_id = $2 order by e.index_name`,
        [shop.id, recordId],
      ),
    );
  const indexIds = async () =>
    Object.fromEntries(
      (
        await t.db.query<{ name: string; id: string }>('select name, id from entity_indexes where tenant_id = $1 and entity_id = $2', [
          shop.id,
          entityId,
        ])
      ).map((r) => [r.name, r.id]),
    );
  const create = async (data: Record<string, unknown>) => {
    const res = await t.post('/api/entities/items/records', data, as);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const wrongOf = async (recordId: string) => (await wrongEntries(t, shop.id)).filter((w: any) => w.record_id === recordId);

  it('are written by the create statement itself, one per index with its identity, and exact', async () => {
    const parent = await create({ title: 'parent' });
    const id = await create({
      title: 'child',
      notes: 'x',
      n: 2.5,
      i: 3,
      d: '2025-06-01',
      at: '2025-06-01T10:00:00Z',
      b: true,
      kind: 'b',
      parent,
    });
    const ids = await indexIds();
    expect(await entriesOf(id)).toEqual(
      ['b_i_kind', 'd', 'notes_n_at', 'parent'].map((name) => ({ name, indexId: ids[name], withRecord: true })),
    );
    expect(await wrongEntries(t, shop.id)).toEqual([]);
  });

  it('carry the keys the database computes, for any values a create stores', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      // Longer than a key keeps (300 characters), with characters outside the BMP: `left` counts characters.
      fc.string({ unit: 'grapheme', minLength: 290, maxLength: 320 }),
      fc.constant(''),
    );
    const instant = fc.date({ min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
    const values = fc.record(
      {
        notes: fc.oneof(text, fc.constant(null)),
        n: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constant(-0), fc.constant(null)),
        i: fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.constant(null)),
        d: fc.oneof(
          instant.filter((d) => d.getUTCFullYear() >= 1000).map((d) => d.toISOString().slice(0, 10)),
          fc.constant(null),
        ),
        at: fc.oneof(
          instant.map((d) => d.toISOString()),
          fc.constant(null),
        ),
        b: fc.oneof(fc.boolean(), fc.constant(null)),
        kind: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.constant(null)),
      },
      { requiredKeys: [] },
    );
    const created: string[] = [];
    await fc.assert(
      fc.asyncProperty(values, async (data) => {
        created.push(await create({ title: 'generated', ...data }));
      }),
      { numRuns: 60 },
    );
    expect(await wrongEntries(t, shop.id)).toEqual([]);
    for (const id of created.slice(0, 10)) expect((await entriesOf(id)).every((e) => e.withRecord)).toBe(true);
  });

  it('left out by a definition read before a publish are completed by the trigger: an index added, redeclared, dropped', async () => {
    await create({ title: 'warm' }); // the definition is cached now
    // Behind the service's cache, as a publish committed while a create ran would leave it.
    await t.db.query(
      `insert into entity_indexes (tenant_id, entity_id, name, fields, kinds, state) values ($1, $2, 'title', '{title}', '{text}', 'ready')`,
      [shop.id, entityId],
    );
    // The name `d` declared again over another field: a new identity.
    await t.db.query(
      `update entity_indexes set id = gen_random_uuid(), fields = '{n}', kinds = '{number}' where tenant_id = $1 and entity_id = $2 and name = 'd'`,
      [shop.id, entityId],
    );
    await t.db.query(`delete from record_index_entries where tenant_id = $1 and entity_id = $2 and index_name in ('d', 'b_i_kind')`, [
      shop.id,
      entityId,
    ]);
    await t.db.query(`delete from entity_indexes where tenant_id = $1 and entity_id = $2 and name = 'b_i_kind'`, [shop.id, entityId]);
    const ids = await indexIds();

    const id = await create({ title: 'late', notes: 'y', n: 7, d: '2024-01-01', b: false, i: 1, kind: 'a' });
    expect(await entriesOf(id)).toEqual([
      { name: 'd', indexId: ids.d, withRecord: false },
      { name: 'notes_n_at', indexId: ids.notes_n_at, withRecord: true },
      { name: 'parent', indexId: ids.parent, withRecord: true },
      { name: 'title', indexId: ids.title, withRecord: false },
    ]);
    expect(await wrongOf(id)).toEqual([]);
  });

  it('of an earlier declaration of the name are replaced by an update and by the backfill', async () => {
    const id = await create({ title: 'before', notes: 'z', n: 1 });
    const old = (await indexIds()).notes_n_at;
    // Declared again under the same name (a new identity), building, behind the service's cache.
    await t.db.query(
      `update entity_indexes set id = gen_random_uuid(), state = 'building', build_after = null
        where tenant_id = $1 and entity_id = $2 and name = 'notes_n_at'`,
      [shop.id, entityId],
    );
    const { notes_n_at: current } = await indexIds();
    expect(current).not.toBe(old);
    const patched = await t.patch(`/api/entities/items/records/${id}`, { notes: 'zz' }, as);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await entriesOf(id)).find((e) => e.name === 'notes_n_at')?.indexId).toBe(current);

    t.services.indexBuilder.schedule(shop.id);
    await t.services.indexBuilder.idle();
    const [state] = await t.db.query<{ state: string }>(
      "select state from entity_indexes where tenant_id = $1 and entity_id = $2 and name = 'notes_n_at'",
      [shop.id, entityId],
    );
    expect(state?.state).toBe('ready');
    expect((await wrongEntries(t, shop.id)).filter((w: any) => w.index_name === 'notes_n_at')).toEqual([]);
  });
});
