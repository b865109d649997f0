import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALIDATION_CHANNEL, InvalidationBus } from '../../src/db/invalidation.js';
import { entitiesChangeKey } from '../../src/domain/entities/entity.repository.js';
import type { PublishedEntity } from '../../src/domain/entities/entity.types.js';
import { PublishedEntityCache } from '../../src/domain/entities/published-entity.cache.js';
import { createEntity, type Auth } from '../entities/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { TEST_DATABASE } from '../helpers/database.js';

/** Record requests read published definitions from a cache; every change of them is seen at once. */
describe('published-entity cache', () => {
  let t: TestApp;
  let auth: Auth;
  let tenantId: string;
  const records = '/api/entities/notes/records';
  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await t.createTenant('Cache Co');
    auth = { apiKey: tenant.apiKey };
    tenantId = tenant.id;
    await createEntity(t, auth, 'notes', { publish: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves record requests from the cache once the definition was read', async () => {
    expect((await t.post(records, { title: 'one' }, auth)).status).toBe(201);
    expect(t.services.entities.get(tenantId, 'notes')).toMatchObject({ name: 'notes', version: 1 });
  });

  it('a publish is seen by the very next record request (a pending draft is not)', async () => {
    expect((await t.post(records, { title: 'x', pages: 3 }, auth)).status).toBe(400);
    expect((await t.post('/api/entities/notes/fields', { fieldKey: 'pages', fieldType: 'integer' }, auth)).status).toBeLessThan(300);
    expect((await t.post(records, { title: 'x', pages: 3 }, auth)).status).toBe(400);
    expect((await t.post('/api/entities/notes/publish', { version_message: 'pages' }, auth)).status).toBe(200);
    const created = await t.post(records, { title: 'x', pages: 3 }, auth);
    expect(created.status).toBe(201);
    expect(created.body.data.data).toEqual({ title: 'x', pages: 3 });
  });

  it('a delete is seen at once, and an import that publishes again too', async () => {
    const exported = (await t.get('/api/metadata/export', auth)).body.data;
    expect((await t.get(records, auth)).status).toBe(200);
    expect((await t.delete('/api/entities/notes', auth)).status).toBe(200);
    expect((await t.get(records, auth)).status).toBe(404);
    expect((await t.post(records, { title: 'gone' }, auth)).status).toBe(404);
    expect((await t.post('/api/metadata/import', { metadata: exported }, auth)).status).toBe(200);
    const list = await t.get(records, auth);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(0);
    expect((await t.post(records, { title: 'back', pages: 1 }, auth)).status).toBe(201);
  });

  it('a failed publish leaves the cached definition valid', async () => {
    await t.post(records, { title: 'dup' }, auth);
    await t.post(records, { title: 'dup' }, auth);
    await t.put('/api/entities/notes/fields/title', { isUnique: true }, auth);
    expect((await t.post('/api/entities/notes/publish', {}, auth)).status).toBe(409);
    const again = await t.post(records, { title: 'dup' }, auth);
    expect(again.status).toBe(201);
  });
});

describe('PublishedEntityCache', () => {
  const entity = {
    id: 'e',
    name: 'n',
    version: 1,
    definition: { displayName: 'n', description: '', icon: '', config: {}, fields: [] },
  } as PublishedEntity;

  it('does not store a read that raced an eviction', () => {
    const cache = new PublishedEntityCache(new InvalidationBus());
    const mark = cache.mark();
    cache.evict('t1');
    cache.put('t1', 'n', structuredClone(entity), mark);
    expect(cache.get('t1', 'n')).toBeUndefined();
    cache.put('t1', 'n', structuredClone(entity), cache.mark());
    expect(cache.get('t1', 'n')).toMatchObject({ version: 1 });
  });

  it('evicts per tenant or everything, and hands out frozen definitions', () => {
    const cache = new PublishedEntityCache(new InvalidationBus());
    cache.put('t1', 'n', structuredClone(entity), cache.mark());
    cache.put('t2', 'n', structuredClone(entity), cache.mark());
    cache.evict('t1');
    expect(cache.get('t1', 'n')).toBeUndefined();
    const kept = cache.get('t2', 'n')!;
    expect(Object.isFrozen(kept.definition.fields)).toBe(true);
    cache.evict(null);
    expect(cache.get('t2', 'n')).toBeUndefined();
  });

  it('is bounded by tenants: past the bound the least recently used tenant goes, never the whole cache', () => {
    const cache = new PublishedEntityCache(new InvalidationBus(), 3);
    for (const t of ['t1', 't2', 't3']) cache.put(t, 'n', structuredClone(entity), cache.mark());
    expect(cache.get('t1', 'n')).toBeDefined(); // t1 is now the most recently used
    cache.put('t4', 'n', structuredClone(entity), cache.mark());
    expect(cache.size).toBe(3);
    expect(['t1', 't2', 't3', 't4'].map((t) => cache.get(t, 'n') !== undefined)).toEqual([true, false, true, true]);
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('invalidation across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let t: TestApp;
  let other: postgres.Sql;
  beforeAll(async () => {
    t = await createTestApp();
    other = postgres(t.dbUrl!, { max: 1, onnotice: () => undefined });
  });
  afterAll(async () => {
    await other?.end();
    await t.close();
  });

  const heard = (key: string, ms: number) =>
    new Promise<boolean>((resolve) => {
      const stop = t.db.invalidations.subscribe((k) => {
        if (k === key) {
          stop();
          resolve(true);
        }
      });
      setTimeout(() => {
        stop();
        resolve(false);
      }, ms);
    });

  it('another process committing a change evicts here; a rolled-back one does not', async () => {
    const tenant = await t.createTenant('Remote Co');
    const key = entitiesChangeKey(tenant.id);
    t.services.entities.put(
      tenant.id,
      'x',
      { id: 'e', name: 'x', version: 1, definition: {} } as PublishedEntity,
      t.services.entities.mark(),
    );
    const rolledBack = heard(key, 500);
    await other
      .begin(async (sql) => {
        await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${key})`;
        await sql`select 1/0`;
      })
      .catch(() => undefined);
    expect(await rolledBack).toBe(false);
    expect(t.services.entities.get(tenant.id, 'x')).toBeDefined();
    const committed = heard(key, 5_000);
    await other.begin((sql) => sql`select pg_notify(${INVALIDATION_CHANNEL}, ${key})`);
    expect(await committed).toBe(true);
    expect(t.services.entities.get(tenant.id, 'x')).toBeUndefined();
  });
});
