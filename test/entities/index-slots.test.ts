import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { withTenant } from '../../src/db/with-tenant.js';
import { findPublishedEntity } from '../../src/domain/entities/entity.repository.js';
import type { PublishedEntity } from '../../src/domain/entities/entity.types.js';
import { createdKeys } from '../../src/domain/records/index-keys.js';
import { insertRecord } from '../../src/domain/records/record.repository.js';
import { INDEX_SLOTS } from '../../src/domain/entities/indexes/index-definition.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { wrongEntries } from './indexes.helpers.js';

/**
 * The keys of each built index live in one slot of the records' own rows (migration 024,
 * docs/entities.md "Indexes"): an entity's indexes hold distinct slots, declared ones first, then
 * relation fields while slots remain; a dropped index frees its slot, and the index that takes it
 * next is built over every record before it serves a list.
 */
describe('index slots', () => {
  let t: TestApp;
  let shop: Awaited<ReturnType<TestApp['createTenant']>>;
  let as: { apiKey: string };

  const relation = (key: string) => ({ name: key, fieldKey: key, fieldType: 'relation', config: { relatedEntity: 'parts' } });
  const wide = {
    entity: { name: 'wide' },
    fields: [
      { name: 'A', fieldKey: 'a', fieldType: 'text' },
      { name: 'B', fieldKey: 'b', fieldType: 'number' },
      { name: 'C', fieldKey: 'c', fieldType: 'date' },
      { name: 'D', fieldKey: 'd', fieldType: 'boolean' },
      { name: 'E', fieldKey: 'e', fieldType: 'integer' },
      relation('r1'),
      relation('r2'),
      relation('r3'),
      relation('r4'),
    ],
    indexes: [{ fields: ['a', 'b'] }, { fields: ['b'] }, { fields: ['c', 'd', 'e'] }, { fields: ['d', 'a'] }, { fields: ['e'] }],
  };

  const slotsOf = async (entity: string) =>
    withTenant(t.db, shop.id, { readOnly: true }, (tx) =>
      tx.query<{ name: string; slot: number; state: string }>(
        `select i.name, i.slot, i.state from entity_indexes i join entities e on e.tenant_id = i.tenant_id and e.id = i.entity_id
          where i.tenant_id = $1 and e.name = $2 order by i.slot`,
        [shop.id, entity],
      ),
    );
  /** The slots of a record's row that hold keys (ixN_k1t not null). */
  const filledSlots = async (recordId: string) => {
    const columns = Array.from({ length: INDEX_SLOTS }, (_, i) => `ix${i + 1}_k1t is not null as "${i + 1}"`).join(', ');
    const [row] = await withTenant(t.db, shop.id, { readOnly: true }, (tx) =>
      tx.query<Record<string, boolean>>(`select ${columns} from records where tenant_id = $1 and id = $2`, [shop.id, recordId]),
    );
    return Object.entries(row!)
      .filter(([, filled]) => filled)
      .map(([slot]) => Number(slot));
  };
  const create = async (entity: string, data: Record<string, unknown>) => {
    const res = await t.post(`/api/entities/${entity}/records`, data, as);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };

  /** Every kind of key, in every position, for the generated values below. */
  const kinds = {
    entity: { name: 'kinds' },
    fields: [
      { name: 'Notes', fieldKey: 'notes', fieldType: 'textarea' },
      { name: 'N', fieldKey: 'n', fieldType: 'number' },
      { name: 'I', fieldKey: 'i', fieldType: 'integer' },
      { name: 'D', fieldKey: 'd', fieldType: 'date' },
      { name: 'At', fieldKey: 'at', fieldType: 'datetime' },
      { name: 'B', fieldKey: 'b', fieldType: 'boolean' },
      { name: 'Kind', fieldKey: 'kind', fieldType: 'select', config: { options: ['a', 'b', 'c'] } },
    ],
    indexes: [
      { fields: ['notes', 'n', 'at'] },
      { fields: ['d'] },
      { fields: ['b', 'i', 'kind'] },
      { fields: ['at', 'd', 'notes'] },
      { fields: ['notes', 'n'] },
    ],
  };

  beforeAll(async () => {
    t = await createTestApp({ INDEX_BUILD_BATCH: '3' });
    shop = await t.createTenant('Slots');
    as = { apiKey: shop.apiKey };
    const parts = { entity: { name: 'parts' }, fields: [{ name: 'Name', fieldKey: 'name', fieldType: 'text' }] };
    for (const definition of [parts, wide, kinds]) {
      const res = await t.post('/api/entities', { definition, auto_publish: true, version_message: 'v1' }, as);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('go to the declared indexes first, then to relation fields while slots remain', async () => {
    expect(await slotsOf('wide')).toEqual([
      { name: 'a_b', slot: 1, state: 'ready' },
      { name: 'b', slot: 2, state: 'ready' },
      { name: 'c_d_e', slot: 3, state: 'ready' },
      { name: 'd_a', slot: 4, state: 'ready' },
      { name: 'e', slot: 5, state: 'ready' },
      { name: 'r1', slot: 6, state: 'ready' },
      { name: 'r2', slot: 7, state: 'ready' },
      { name: 'r3', slot: 8, state: 'ready' },
    ]);
    // The schema tools show the same: r4 has no index of its own.
    const shown = (await t.get('/api/entities/wide', as)).body.data.indexes.map((i: any) => i.name);
    expect(shown).toEqual(['a_b', 'b', 'c_d_e', 'd_a', 'e', 'r1', 'r2', 'r3']);
  });

  it("fill every slot in use in the create's own row with the keys of its data, and none of an entity without indexes", async () => {
    const part = await create('parts', { name: 'bolt' });
    expect(await filledSlots(part)).toEqual([]);
    const id = await create('wide', { a: 'x', b: 2.5, c: '2025-06-01', d: true, e: 3, r1: part, r2: part, r3: part, r4: part });
    expect(await filledSlots(id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Empty values have keys too (they sort last): every slot in use is filled whatever the data.
    expect(await filledSlots(await create('wide', {}))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await wrongEntries(t, shop.id)).toEqual([]);
    // A list through the last slot finds the record.
    const listed = await t.get(`/api/entities/wide/records?filter.r3=${part}&sort=r3`, as);
    expect(listed.status).toBe(200);
    expect(listed.body.data.data.map((r: any) => r.id)).toEqual([id]);
  });

  it('a dropped index frees its slot; the index taking it is built over every record before it serves a list', async () => {
    for (let i = 0; i < 7; i++) await create('wide', { a: `v${i % 3}`, b: i, e: 10 - i });
    // a_b (slot 1) goes; `e_b` is new and takes slot 1, whose rows still hold a_b's keys.
    const indexes = wide.indexes.filter((i) => i.fields.join() !== 'a,b').concat([{ fields: ['e', 'b'] }]);
    expect((await t.put('/api/entities/wide/indexes', { indexes }, as)).status).toBe(200);
    expect((await t.post('/api/entities/wide/publish', { version_message: 'swap' }, as)).status).toBe(200);
    const slots = await slotsOf('wide');
    expect(slots.find((s) => s.slot === 1)).toMatchObject({ name: 'e_b' });
    expect(slots.map((s) => s.name)).not.toContain('a_b');
    // More records than a publish builds inline (INDEX_BUILD_BATCH 3): a list sorted by b with
    // e = 7 is answered right while the index builds and once it is ready.
    const answer = async () =>
      (await t.get('/api/entities/wide/records?filter.e=7&sort=b&order=desc', as)).body.data.data.map((r: any) => r.data.b);
    expect(await answer()).toEqual([3]);
    await t.services.indexBuilder.idle();
    expect((await slotsOf('wide')).find((s) => s.slot === 1)?.state).toBe('ready');
    expect(await wrongEntries(t, shop.id)).toEqual([]);
    expect(await answer()).toEqual([3]);
  });

  it('hold the keys the key functions give, for any values a create or an update stores', async () => {
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
    // A create carries keys computed by the service (index-keys.ts); an update's are the trigger's,
    // written out in PL/pgSQL; this check calls tb_index_text and tb_index_number, as the backfill does.
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(values, values, async (first, then) => {
        runs++;
        await create('kinds', first);
        const id = await create('kinds', first);
        const patched = await t.patch(`/api/entities/kinds/records/${id}`, then, as);
        expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      }),
      { numRuns: 40 },
    );
    expect(runs).toBeGreaterThanOrEqual(40);
    expect(await wrongEntries(t, shop.id)).toEqual([]);
  });

  it('find a text value by its key however many UTF-16 units its characters take (a key holds 300 characters)', async () => {
    const notes = '\u{1F600}'.repeat(200); // 200 characters, 400 UTF-16 units
    const id = await create('kinds', { notes, n: 5 });
    const listed = await t.get(`/api/entities/kinds/records?filter.notes=${encodeURIComponent(notes)}&sort=n`, as);
    expect(listed.status).toBe(200);
    expect(listed.body.data.data.map((r: any) => r.id)).toEqual([id]);
  });

  it("a dropped index's keys leave a record's row with its next write", async () => {
    const kept = await create('kinds', { notes: 'kept', n: 1 });
    const written = await create('kinds', { notes: 'written', n: 2 });
    expect(await filledSlots(written)).toEqual([1, 2, 3, 4, 5]);
    // [notes, n] (slot 5) goes.
    const indexes = kinds.indexes.filter((i) => i.fields.join() !== 'notes,n');
    expect((await t.put('/api/entities/kinds/indexes', { indexes }, as)).status).toBe(200);
    expect((await t.post('/api/entities/kinds/publish', { version_message: 'drop' }, as)).status).toBe(200);
    expect((await t.patch(`/api/entities/kinds/records/${written}`, { n: 3 }, as)).status).toBe(200);
    expect(await filledSlots(written)).toEqual([1, 2, 3, 4]);
    // Not written since: its slot 5 still holds the dropped index's keys, which nothing reads.
    expect(await filledSlots(kept)).toEqual([1, 2, 3, 4, 5]);
    expect(await create('kinds', { notes: 'new' }).then(filledSlots)).toEqual([1, 2, 3, 4]);
    // Declared again, it takes slot 5 and is built over every record.
    expect((await t.put('/api/entities/kinds/indexes', { indexes: kinds.indexes }, as)).status).toBe(200);
    expect((await t.post('/api/entities/kinds/publish', { version_message: 'again' }, as)).status).toBe(200);
    await t.services.indexBuilder.idle();
    expect(await filledSlots(written)).toEqual([1, 2, 3, 4, 5]);
    expect(await wrongEntries(t, shop.id)).toEqual([]);
  });

  it("a create's keys stand when its claim is the entity's indexes as they are, and are computed when not", async () => {
    const data = { notes: 'real', n: 1, d: '2025-01-02', b: true, i: 2, kind: 'a', at: '2025-01-02T03:04:05.678Z' };
    const write = { name: 'claimed', data, searchText: 'claimed' };
    await withTenant(t.db, shop.id, { readOnly: false }, async (tx) => {
      const entity = (await findPublishedEntity(tx, 'kinds')) as PublishedEntity;
      const keys = createdKeys(entity, data, new Set())!;
      expect(keys.claim.startsWith(`${entity.id}/1:`)).toBe(true);
      const bogus = { ...keys, values: keys.columns.filter((c) => !c.literal).map((c) => (c.type === 'text' ? 'bogus' : '42')) };
      const claimOf = async () => (await tx.query<{ v: string | null }>("select current_setting('app.index_keys', true) as v"))[0]!.v;
      const slot1 = async (id: string) =>
        (
          await tx.query<{ notes: string; n: number }>(
            'select ix1_k1t as notes, ix1_k2f as n from records where tenant_id = $1 and id = $2',
            [shop.id, id],
          )
        )[0];

      // Claim matches: the carried keys are kept as they are (here deliberately not the data's).
      const kept = await insertRecord(tx, entity.id, write, { indexKeys: bogus });
      expect(await slot1(kept.saved!.id)).toEqual({ notes: 'bogus', n: 42 });
      expect(await claimOf()).toBe('');
      // A claim of other indexes (a publish the cache had not seen): the trigger computes the keys.
      const stale = await insertRecord(tx, entity.id, write, { indexKeys: { ...bogus, claim: `${entity.id}/1:${randomUUID()}` } });
      expect(await slot1(stale.saved!.id)).toEqual({ notes: 'real', n: 1 });
      expect(await claimOf()).toBe('');
      // A write its relation guard refused inserts no row: the statement clears the claim itself.
      const refused = await insertRecord(tx, entity.id, write, { indexKeys: bogus, guard: [{ id: randomUUID(), entityId: null }] });
      expect(refused.failed).toEqual([0]);
      expect(await claimOf()).toBe('');
      await tx.query('delete from records where tenant_id = $1 and id = $2', [shop.id, kept.saved!.id]);
    });
    expect(await wrongEntries(t, shop.id)).toEqual([]);
  });

  it('a list planned through an index a publish has changed since answers as if there were none', async () => {
    const url = '/api/entities/kinds/records?sort=d&order=desc&limit=100';
    const before = (await t.get(url, as)).body.data;
    expect(before.data.length).toBeGreaterThan(10);
    // Behind the service's cache, as another process's publish not heard of yet: `d` declared again
    // (a new identity), still building.
    await t.db.query(
      `update entity_indexes set id = gen_random_uuid(), state = 'building'
        where tenant_id = $1 and name = 'd' and entity_id = (select id from entities where tenant_id = $1 and name = 'kinds')`,
      [shop.id],
    );
    const after = (await t.get(url, as)).body.data;
    expect(after.data.map((r: any) => r.id)).toEqual(before.data.map((r: any) => r.id));
    expect([after.total, after.totalExact]).toEqual([before.total, before.totalExact]);
  });
});
