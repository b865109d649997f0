import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createEntity, snapshot, type Auth } from './helpers.js';

/** Every transition of the entity status table (docs/entities.md) through REST. */
describe('entity states and transitions', () => {
  let t: TestApp;
  let auth: Auth;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { apiKey: (await t.createTenant('Lifecycle')).apiKey };
  });
  afterAll(async () => {
    await t.close();
  });

  it('(none) → draft: generate_entity without auto_publish makes draft version 1', async () => {
    const data = await createEntity(t, auth, 'clients', { fields: [{ name: 'Email', fieldKey: 'email', fieldType: 'email' }] });
    expect(data).toMatchObject({
      success: true,
      fieldsProcessed: 2,
      entity: {
        name: 'clients',
        displayName: 'clients',
        description: 'clients entity',
        status: 'draft',
        version: 1,
        fields: [
          { name: 'Title', fieldKey: 'title', type: 'text', required: true },
          { name: 'Email', fieldKey: 'email', type: 'email', required: false },
        ],
      },
    });
    const draft = await t.get('/api/entities/clients?version=draft', auth);
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({ name: 'clients', status: 'draft', version: 1, publishedVersion: null, hasDraft: true });
  });

  it('a never-published entity is hidden from list_entities unless include_drafts, and its published schema is 404', async () => {
    expect((await t.get('/api/entities', auth)).body.data).toEqual([]);
    const all = await t.get('/api/entities?include_drafts=true', auth);
    expect(all.body.data).toEqual([
      {
        name: 'clients',
        displayName: 'clients',
        description: 'clients entity',
        fieldCount: 2,
        status: 'draft',
        version: 1,
        hasDraft: true,
      },
    ]);
    const published = await t.get('/api/entities/clients', auth);
    expect(published.status).toBe(404);
    expect(published.body.error.code).toBe('NOT_FOUND');
    expect(published.body.error.message).toMatch(/draft.*version "draft"/);
  });

  it('draft → published: publish_entity publishes version 1 with its message', async () => {
    const res = await t.post('/api/entities/clients/publish', { version_message: 'First cut' }, auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ entityName: 'clients', version: 1, status: 'published' });
    const schema = await t.get('/api/metadata/entities/clients', auth);
    expect(schema.body.data).toMatchObject({ status: 'published', version: 1, message: 'First cut', hasDraft: false });
    expect((await t.get('/api/metadata/entities', auth)).body.data).toEqual([
      {
        name: 'clients',
        displayName: 'clients',
        description: 'clients entity',
        fieldCount: 2,
        status: 'published',
        version: 1,
        hasDraft: false,
      },
    ]);
  });

  it('published (no draft) → publish_entity is a CONFLICT that writes nothing', async () => {
    const before = await snapshot(t, auth);
    const res = await t.post('/api/entities/clients/publish', {}, auth);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toMatch(/no draft to publish.*POST \/api\/entities\/\{entityName\}\/fields/);
    expect(await snapshot(t, auth)).toEqual(before);
  });

  it('(none) → published: auto_publish with version_message', async () => {
    const data = await createEntity(t, auth, 'products', { publish: true });
    expect(data.entity).toMatchObject({ status: 'published', version: 1 });
    const schema = await t.get('/api/entities/products', auth);
    expect(schema.body.data).toMatchObject({ status: 'published', version: 1, message: 'Initial version' });
  });

  it('auto_publish without version_message is refused and writes nothing', async () => {
    const before = await snapshot(t, auth);
    const res = await t.post('/api/entities', { definition: { entity: { name: 'orders' }, fields: [] }, auto_publish: true }, auth);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(/version_message is required/);
    expect(await snapshot(t, auth)).toEqual(before);
  });

  it('a second generate_entity with an existing name is a CONFLICT that writes nothing', async () => {
    const before = await snapshot(t, auth);
    const res = await t.post('/api/entities', { definition: { entity: { name: 'clients' }, fields: [] } }, auth);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/already exists.*\/api\/entities\/\{entityName\}\/fields/);
    expect(await snapshot(t, auth)).toEqual(before);
  });

  it('draft → removed and published → removed: delete_entity', async () => {
    await createEntity(t, auth, 'scratch');
    const delDraft = await t.delete('/api/entities/scratch', auth);
    expect(delDraft.status).toBe(200);
    expect(delDraft.body.data).toMatchObject({ deleted: true, entityName: 'scratch' });
    expect((await t.get('/api/entities/scratch?version=draft', auth)).status).toBe(404);

    const delPublished = await t.delete('/api/entities/products', auth);
    expect(delPublished.status).toBe(200);
    expect((await t.get('/api/entities/products', auth)).status).toBe(404);
    expect((await t.get('/api/entities/products/changes', auth)).status).toBe(404);
    // The name is free again.
    await createEntity(t, auth, 'products', { publish: true });
    expect((await t.get('/api/entities/products/changes', auth)).body.data.history).toHaveLength(1);
  });

  it('deleting an unknown entity is NOT_FOUND naming the valid ones, and writes nothing', async () => {
    const before = await snapshot(t, auth);
    const res = await t.delete('/api/entities/nope', auth);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.body.error.message).toContain('existing entities: clients, products');
    expect(await snapshot(t, auth)).toEqual(before);
  });

  it('publishing an unknown entity is NOT_FOUND', async () => {
    const res = await t.post('/api/entities/nope/publish', {}, auth);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('an entity that relation fields point to cannot be deleted until they go', async () => {
    await createEntity(t, auth, 'invoices', {
      publish: true,
      fields: [{ name: 'Client', fieldKey: 'client', fieldType: 'relation', config: { entity: 'clients' } }],
    });
    const before = await snapshot(t, auth);
    const refused = await t.delete('/api/entities/clients', auth);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('invoices.client');
    expect(await snapshot(t, auth)).toEqual(before);

    expect((await t.delete('/api/entities/invoices', auth)).status).toBe(200);
    expect((await t.delete('/api/entities/clients', auth)).status).toBe(200);
  });
});
