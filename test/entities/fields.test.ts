import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeOperation } from '../../src/operations/core/execute.js';
import { findOperation } from '../../src/operations/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createEntity, snapshot, type Auth } from './helpers.js';
import { createLogger } from '../../src/logging.js';

/** manage_custom_fields: list, add, update, delete over REST and as one operation with `action`. */
describe('manage_custom_fields', () => {
  let t: TestApp;
  let auth: Auth;
  let tenant: { id: string; slug: string; apiKey: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Fields');
    auth = { apiKey: tenant.apiKey };
    await createEntity(t, auth, 'people', { publish: true });
    await createEntity(t, auth, 'notes');
  });
  afterAll(async () => {
    await t.close();
  });

  /** Calls the operation as a tool would: one input object with `action`. */
  const tool = (input: Record<string, unknown>, principal: any = { kind: 'tenant_key', keyId: 'k', adminId: 'a', tenantId: tenant.id }) =>
    executeOperation(
      findOperation('manage_custom_fields')!,
      {
        db: t.db,
        config: t.config,
        services: t.services,
        principal,
        tenant: { id: tenant.id, slug: tenant.slug, name: 'Fields' },
        clientAddress: '127.0.0.1',
        log: createLogger('silent'),
      },
      input,
    ).then((r) => r.data as any);

  it('lists the working fields and the valid field types', async () => {
    const res = await t.get('/api/entities/people/fields', auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ entityName: 'people', version: 1, status: 'published', publishedVersion: 1 });
    expect(res.body.data.fields.map((f: any) => f.fieldKey)).toEqual(['title']);
    expect(res.body.data.fieldTypes.find((x: any) => x.type === 'location')).toEqual({
      type: 'location',
      value: expect.stringContaining('lat'),
      config: ['displayFormat', 'defaultZoom', 'defaultCenter'],
    });
    expect((await tool({ entityName: 'people', action: 'list' })).fields).toHaveLength(1);
  });

  it('adds through the tool shape (field / fieldData alias) and through REST ({ field } body)', async () => {
    const added = await tool({ entityName: 'people', action: 'add', fieldData: { name: 'Phone', fieldType: 'phone' } });
    expect(added).toMatchObject({ action: 'add', version: 2, status: 'draft', field: { fieldKey: 'phone', type: 'phone' } });
    expect(added.message).toMatch(/records keep using version 1 until the draft is published/);
    const rest = await t.post('/api/entities/people/fields', { field: { name: 'Site', fieldKey: 'site', fieldType: 'url' } }, auth);
    expect(rest.status).toBe(201);
    const list = (await t.get('/api/entities/people/fields', auth)).body.data;
    expect(list).toMatchObject({ version: 2, status: 'draft' });
    expect(list.fields.map((f: any) => f.fieldKey)).toEqual(['title', 'phone', 'site']);
  });

  it('updates a field keeping what is not sent; resets config when the type changes', async () => {
    const res = await tool({
      entityName: 'people',
      action: 'update',
      fieldKey: 'site',
      field: { isRequired: true, description: 'Homepage' },
    });
    expect(res.field).toMatchObject({ fieldKey: 'site', name: 'Site', type: 'url', required: true, description: 'Homepage' });
    const retype = await t.put('/api/entities/people/fields/site', { fieldType: 'select', config: { options: ['a', 'b'] } }, auth);
    expect(retype.status, JSON.stringify(retype.body)).toBe(200);
    expect(retype.body.data.field).toMatchObject({ type: 'select', required: true, config: { options: ['a', 'b'] } });
  });

  it('deletes a field from a never-published draft in place', async () => {
    await t.post('/api/entities/notes/fields', { fieldKey: 'body', fieldType: 'textarea' }, auth);
    const del = await t.delete('/api/entities/notes/fields/body', auth);
    expect(del.body.data).toMatchObject({ action: 'delete', version: 1, status: 'draft' });
    expect((await t.get('/api/entities/notes?version=draft', auth)).body.data.fields.filter((f: any) => !f.isSystem)).toHaveLength(1);
  });

  it('deleting the display field clears it from the entity config', async () => {
    await t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'tags', config: { displayField: 'label' } },
          fields: [
            { fieldKey: 'label', fieldType: 'text' },
            { fieldKey: 'color', fieldType: 'text' },
          ],
        },
      },
      auth,
    );
    await t.delete('/api/entities/tags/fields/label', auth);
    expect((await t.get('/api/entities/tags?version=draft', auth)).body.data.config).toEqual({});
  });

  const refused = async (call: () => Promise<{ status: number; body: any }>, status: number, code: string, pattern: RegExp) => {
    const before = await snapshot(t, auth);
    const res = await call();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toMatch(pattern);
    expect(await snapshot(t, auth)).toEqual(before);
  };

  it('refuses bad changes with an actionable message and writes nothing', async () => {
    await refused(
      () => t.post('/api/entities/people/fields', { fieldKey: 'phone', fieldType: 'text' }, auth),
      409,
      'CONFLICT',
      /already has a field "phone"/,
    );
    await refused(
      () => t.post('/api/entities/people/fields', { fieldKey: 'x', fieldType: 'money' }, auth),
      400,
      'VALIDATION_ERROR',
      /valid types: text/,
    );
    await refused(
      () => t.post('/api/entities/people/fields', { fieldKey: 'boss', fieldType: 'relation', config: { relatedEntity: 'nobody' } }, auth),
      400,
      'VALIDATION_ERROR',
      /"nobody" does not exist/,
    );
    await refused(
      () => t.put('/api/entities/people/fields/ghost', { isRequired: true }, auth),
      404,
      'NOT_FOUND',
      /no field "ghost"; its fields: title, phone, site/,
    );
    await refused(
      () => t.put('/api/entities/people/fields/phone', { fieldKey: 'mobile' }, auth),
      400,
      'VALIDATION_ERROR',
      /cannot be renamed/,
    );
    await refused(
      () => t.put('/api/entities/people/fields/phone', { config: { options: ['x'] } }, auth),
      400,
      'VALIDATION_ERROR',
      /takes no config/,
    );
    await refused(() => t.delete('/api/entities/people/fields/ghost', auth), 404, 'NOT_FOUND', /no field "ghost"/);
    await refused(
      () => t.post('/api/entities/nobody/fields', { fieldKey: 'x', fieldType: 'text' }, auth),
      404,
      'NOT_FOUND',
      /Entity "nobody" not found/,
    );
  });

  it('refuses tool calls missing what their action needs', async () => {
    await expect(tool({ entityName: 'people', action: 'add' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/needs field/),
    });
    await expect(tool({ entityName: 'people', action: 'delete' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/needs fieldKey/),
    });
    await expect(tool({ entityName: 'people', action: 'rename' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('lets a viewer list fields but not change them', async () => {
    const viewer = {
      kind: 'tenant_user',
      userId: 'u',
      tenantId: tenant.id,
      email: 'v@x.io',
      role: 'viewer',
      permissions: {},
      sessionId: 's',
    };
    expect((await tool({ entityName: 'people', action: 'list' }, viewer)).entityName).toBe('people');
    const before = await snapshot(t, auth);
    await expect(tool({ entityName: 'people', action: 'add', field: { fieldKey: 'v', fieldType: 'text' } }, viewer)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(tool({ entityName: 'people', action: 'delete', fieldKey: 'phone' }, { ...viewer, role: 'member' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await snapshot(t, auth)).toEqual(before);
  });
});
