import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createEntity, type Auth } from './helpers.js';

/**
 * A field deleted from a published entity: once the next version is published, its values stay in
 * storage but are neither returned (get, list, resolve, search, semantic search, create and update
 * answers) nor validated nor filterable.
 */
describe('fields removed by a published version', () => {
  let t: TestApp;
  let auth: Auth;
  let order: { id: string };
  let client: { id: string };
  const records = (entity: string) => `/api/entities/${entity}/records`;

  beforeAll(async () => {
    t = await createTestApp();
    auth = { apiKey: (await t.createTenant('Removed Fields')).apiKey };
    await createEntity(t, auth, 'clients', {
      publish: true,
      fields: [
        { name: 'Secret', fieldKey: 'secret', fieldType: 'text' },
        { name: 'Level', fieldKey: 'level', fieldType: 'number', isRequired: true },
      ],
    });
    await createEntity(t, auth, 'orders', {
      publish: true,
      fields: [{ name: 'Client', fieldKey: 'client', fieldType: 'relation', config: { relatedEntity: 'clients' } }],
    });
    client = (await t.post(records('clients'), { title: 'Ana', secret: 'zebra-password', level: 3 }, auth)).body.data;
    order = (await t.post(records('orders'), { title: 'O-1', client: client.id }, auth)).body.data;
    for (const key of ['secret', 'level']) {
      expect((await t.delete(`/api/entities/clients/fields/${key}`, auth)).status).toBe(200);
    }
    expect((await t.post('/api/entities/clients/publish', { version_message: 'drop secret and level' }, auth)).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('are not returned by get, list, resolve or either search', async () => {
    const shown = { title: 'Ana' };
    expect((await t.get(`${records('clients')}/${client.id}`, auth)).body.data.data).toEqual(shown);
    expect((await t.get(records('clients'), auth)).body.data.data[0].data).toEqual(shown);
    const resolved = (await t.get(`${records('orders')}/${order.id}?resolve=true`, auth)).body.data.data.client;
    expect(resolved).toMatchObject({ id: client.id, data: shown });
    expect((await t.get(`${records('orders')}?resolve=true`, auth)).body.data.data[0].data.client.data).toEqual(shown);
    expect((await t.get(`${records('clients')}?search=zebra`, auth)).body.data.total).toBe(0);
    const semantic = (await t.get(`${records('clients')}/search/semantic?q=Ana&minSimilarity=0.1`, auth)).body.data;
    expect(semantic.map((r: { data: unknown }) => r.data)).toEqual([shown]);
    expect(JSON.stringify(semantic)).not.toContain('zebra');
  });

  it('are neither validated nor kept visible by an update, and cannot be filtered or sorted on', async () => {
    // `level` was required: it no longer is.
    const updated = await t.put(`${records('clients')}/${client.id}`, { title: 'Ana B' }, auth);
    expect(updated.status).toBe(200);
    expect(updated.body.data.data).toEqual({ title: 'Ana B' });
    expect((await t.post(records('clients'), { title: 'Bo' }, auth)).status).toBe(201);
    const refused = await t.post(records('clients'), { title: 'Cy', secret: 'x' }, auth);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].field).toBe('secret');
    expect((await t.get(`${records('clients')}?filter.secret=zebra-password`, auth)).status).toBe(400);
    expect((await t.get(`${records('clients')}?sort=level`, auth)).status).toBe(400);
  });
});
