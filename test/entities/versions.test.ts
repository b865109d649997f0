import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { findPublishedEntity } from '../../src/domain/entities/entity.repository.js';
import type { PublishHook } from '../../src/domain/entities/publish-hooks.js';
import { conflict } from '../../src/errors.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createEntity, snapshot, type Auth } from './helpers.js';

/** docs/entities.md: drafts, published snapshots, history, the changes diff and concurrent publishes. */
describe('entity versions', () => {
  let t: TestApp;
  let auth: Auth;
  let tenantId: string;
  /** The publish hook this test's app runs, set by the tests that need one. */
  let testHook: PublishHook | null = null;
  beforeAll(async () => {
    t = await createTestApp({}, { hooks: { onPublish: [(...args) => (testHook ? testHook(...args) : Promise.resolve())] } });
    const tenant = await t.createTenant('Versions');
    auth = { apiKey: tenant.apiKey };
    tenantId = tenant.id;
    await createEntity(t, auth, 'tasks', {
      publish: true,
      fields: [
        { name: 'Status', fieldKey: 'status', fieldType: 'select', config: { options: ['open', 'done'] } },
        { name: 'Notes', fieldKey: 'notes', fieldType: 'textarea' },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const published = () => withTenant(t.db, tenantId, { readOnly: true }, (tx) => findPublishedEntity(tx, 'tasks'));

  it('field changes to a published entity go to a new draft; records keep the published version', async () => {
    const add = await t.post('/api/entities/tasks/fields', { name: 'Due', fieldKey: 'due', fieldType: 'date' }, auth);
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.data).toMatchObject({ action: 'add', version: 2, status: 'draft', field: { fieldKey: 'due', type: 'date' } });
    const upd = await t.put(
      '/api/entities/tasks/fields/status',
      { config: { options: ['open', 'doing', 'done'] }, isRequired: true },
      auth,
    );
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data).toMatchObject({ version: 2, field: { fieldKey: 'status', required: true, type: 'select' } });
    expect((await t.delete('/api/entities/tasks/fields/notes', auth)).body.data).toMatchObject({ action: 'delete', version: 2 });

    const live = await published();
    expect(live).toMatchObject({ name: 'tasks', version: 1 });
    expect((live as any).definition.fields.map((f: any) => f.fieldKey)).toEqual(['title', 'status', 'notes']);
    const schema = (await t.get('/api/entities/tasks', auth)).body.data;
    expect(schema).toMatchObject({ version: 1, status: 'published', hasDraft: true, publishedVersion: 1 });
    const draft = (await t.get('/api/entities/tasks?version=draft', auth)).body.data;
    expect(draft).toMatchObject({ version: 2, status: 'draft' });
    expect(draft.fields.filter((f: any) => !f.isSystem).map((f: any) => f.fieldKey)).toEqual(['title', 'status', 'due']);
  });

  it('list_entity_changes shows added, removed and changed fields with before and after', async () => {
    const res = await t.get('/api/entities/tasks/changes', auth);
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({ entityName: 'tasks', publishedVersion: 1, draftVersion: 2, hasChanges: true, entity: [] });
    expect(c.added.map((f: any) => f.fieldKey)).toEqual(['due']);
    expect(c.removed.map((f: any) => f.fieldKey)).toEqual(['notes']);
    expect(c.changed).toEqual([
      {
        fieldKey: 'status',
        changes: ['isRequired', 'config'],
        before: expect.objectContaining({ isRequired: false, config: { options: ['open', 'done'] } }),
        after: expect.objectContaining({ isRequired: true, config: { options: ['open', 'doing', 'done'] } }),
      },
    ]);
    expect(c.history).toEqual([{ version: 1, message: 'Initial version', publishedAt: expect.any(String) }]);
  });

  it('publishing makes version 2, runs the publish hooks with the previous version, and keeps history', async () => {
    const seen: Array<[number, number | null]> = [];
    const hook: PublishHook = async (_tx, now, before) => void seen.push([now.version, before?.version ?? null]);
    testHook = hook;
    try {
      const res = await t.post('/api/entities/tasks/publish', { version_message: 'Add due date' }, auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ version: 2, fieldCount: 3 });
    } finally {
      testHook = null;
    }
    expect(seen).toEqual([[2, 1]]);
    expect(await published()).toMatchObject({ version: 2 });
    const changes = (await t.get('/api/entities/tasks/changes', auth)).body.data;
    expect(changes).toMatchObject({ publishedVersion: 2, draftVersion: null, hasChanges: false, added: [], removed: [], changed: [] });
    expect(changes.history.map((h: any) => [h.version, h.message])).toEqual([
      [1, 'Initial version'],
      [2, 'Add due date'],
    ]);
  });

  it('historical versions stay readable', async () => {
    const v1 = (await t.get('/api/entities/tasks?version=1', auth)).body.data;
    expect(v1).toMatchObject({ version: 1, status: 'published', message: 'Initial version', publishedVersion: 2 });
    expect(v1.fields.filter((f: any) => !f.isSystem).map((f: any) => f.fieldKey)).toEqual(['title', 'status', 'notes']);
    expect((await t.get('/api/entities/tasks?version=2', auth)).body.data.message).toBe('Add due date');
    const missing = await t.get('/api/entities/tasks?version=7', auth);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/no version 7; versions run from 1 to 2/);
    expect((await t.get('/api/entities/tasks?version=latest', auth)).body.error.code).toBe('VALIDATION_ERROR');
    expect((await t.get('/api/entities/tasks?version=draft', auth)).status).toBe(404);
  });

  it('a hook that throws rolls the publish back', async () => {
    await t.post('/api/entities/tasks/fields', { name: 'Code', fieldKey: 'code', fieldType: 'text', isUnique: true }, auth);
    const before = await snapshot(t, auth);
    const hook: PublishHook = async () => {
      throw conflict('duplicate values');
    };
    testHook = hook;
    try {
      expect((await t.post('/api/entities/tasks/publish', {}, auth)).status).toBe(409);
    } finally {
      testHook = null;
    }
    expect(await snapshot(t, auth)).toEqual(before);
    expect(await published()).toMatchObject({ version: 2 });
  });

  it('two simultaneous publishes of one draft make one new version, not two', async () => {
    const [a, b] = await Promise.all([
      t.post('/api/entities/tasks/publish', { version_message: 'A' }, auth),
      t.post('/api/entities/tasks/publish', { version_message: 'B' }, auth),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const history = (await t.get('/api/entities/tasks/changes', auth)).body.data.history;
    expect(history.map((h: any) => h.version)).toEqual([1, 2, 3]);
    expect(['A', 'B']).toContain(history[2].message);
    expect(await published()).toMatchObject({ version: 3 });
  });

  it('simultaneous field changes to a published entity share one draft', async () => {
    const adds = await Promise.all(
      ['c1', 'c2', 'c3'].map((key) => t.post('/api/entities/tasks/fields', { fieldKey: key, fieldType: 'text' }, auth)),
    );
    expect(adds.map((r) => r.status)).toEqual([201, 201, 201]);
    const draft = (await t.get('/api/entities/tasks?version=draft', auth)).body.data;
    expect(draft.version).toBe(4);
    expect(draft.fields.map((f: any) => f.fieldKey)).toEqual(expect.arrayContaining(['c1', 'c2', 'c3']));
    for (const key of ['c1', 'c2', 'c3']) await t.delete(`/api/entities/tasks/fields/${key}`, auth);
    expect((await t.get('/api/entities/tasks/changes', auth)).body.data.hasChanges).toBe(false);
  });

  it('reverting every change drops the draft: nothing is pending', async () => {
    await t.post('/api/entities/tasks/fields', { fieldKey: 'tmp', fieldType: 'boolean' }, auth);
    expect((await t.get('/api/entities/tasks/changes', auth)).body.data.draftVersion).toBe(4);
    const del = await t.delete('/api/entities/tasks/fields/tmp', auth);
    expect(del.body.data).toMatchObject({ version: 3, status: 'published' });
    expect(del.body.data.message).toMatch(/No pending changes/);
    expect((await t.post('/api/entities/tasks/publish', {}, auth)).status).toBe(409);
  });
});
