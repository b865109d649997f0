import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { IsolationScenarios, TenantHandle } from './scenario.js';

const as = (h: TenantHandle) => ({ apiKey: h.apiKey });

/** Makes an entity in tenant h; published unless told otherwise. */
async function arrange(t: TestApp, h: TenantHandle, name: string, publish = true) {
  const res = await t.post(
    '/api/entities',
    {
      definition: { entity: { name }, fields: [{ name: 'Title', fieldKey: 'title', fieldType: 'text' }] },
      ...(publish ? { auto_publish: true, version_message: 'v1' } : {}),
    },
    as(h),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** A's entity as A sees it, to prove B's call changed nothing. */
async function stateOf(t: TestApp, h: TenantHandle, name: string) {
  const draft = await t.get(`/api/entities/${name}?version=draft`, as(h));
  const published = await t.get(`/api/entities/${name}`, as(h));
  const changes = await t.get(`/api/entities/${name}/changes`, as(h));
  return { draft: draft.body, published: published.body, changes: changes.body };
}

const expectNotFound = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body.error.code).toBe('NOT_FOUND');
};

export const ENTITY_SCENARIOS: IsolationScenarios = {
  async generate_entity({ t, a, b }) {
    await arrange(t, a, 'iso_gen');
    const before = await stateOf(t, a, 'iso_gen');
    // The same name in B is B's own entity, not a conflict with A's.
    await arrange(t, b, 'iso_gen', false);
    // A relation in B cannot point at A's entity, and the refusal does not reveal A's names.
    await arrange(t, a, 'iso_gen_target');
    const cross = await t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'iso_gen_rel' },
          fields: [{ fieldKey: 'x', fieldType: 'relation', config: { relatedEntity: 'iso_gen_target' } }],
        },
      },
      as(b),
    );
    expect(cross.status).toBe(400);
    expect(cross.body.error.message).toMatch(/"iso_gen_target" does not exist in this tenant/);
    expect(cross.body.error.message.split('existing entities:')[1]).not.toContain('iso_gen_target');
    expect(await stateOf(t, a, 'iso_gen')).toEqual(before);
    expect((await t.get('/api/entities/iso_gen?version=draft', as(b))).body.data.status).toBe('draft');
  },

  async list_entities({ t, a, b }) {
    await arrange(t, a, 'iso_list');
    await arrange(t, a, 'iso_list_draft', false);
    const names = (await t.get('/api/entities?include_drafts=true', as(b))).body.data.map((e: { name: string }) => e.name);
    expect(names).not.toContain('iso_list');
    expect(names).not.toContain('iso_list_draft');
    expect((await t.get('/api/metadata/entities', as(a))).body.data.map((e: { name: string }) => e.name)).toContain('iso_list');
  },

  async set_entity_indexes({ t, a, b }) {
    await arrange(t, a, 'iso_indexes');
    expect((await t.post('/api/entities/iso_indexes/records', { title: 'A only' }, as(a))).status).toBe(201);
    const before = await stateOf(t, a, 'iso_indexes');
    expectNotFound(await t.put('/api/entities/iso_indexes/indexes', { indexes: [{ fields: ['title'] }] }, as(b)));
    expect(await stateOf(t, a, 'iso_indexes')).toEqual(before);
    // B's entity of the same name builds its own index over its own records only.
    await arrange(t, b, 'iso_indexes');
    expect((await t.put('/api/entities/iso_indexes/indexes', { indexes: [{ fields: ['title'] }] }, as(b))).status).toBe(200);
    expect((await t.post('/api/entities/iso_indexes/publish', {}, as(b))).status).toBe(200);
    expect((await t.get('/api/entities/iso_indexes', as(b))).body.data.indexes).toEqual([
      { name: 'title', fields: ['title'], automatic: false, state: 'ready' },
    ]);
    const listed = await t.get('/api/entities/iso_indexes/records?sort=title', as(b));
    expect(listed.body.data.data).toEqual([]);
    expect(await stateOf(t, a, 'iso_indexes')).toEqual(before);
  },

  async get_entity_schema({ t, a, b }) {
    await arrange(t, a, 'iso_schema');
    expectNotFound(await t.get('/api/entities/iso_schema', as(b)));
    expectNotFound(await t.get('/api/metadata/entities/iso_schema?version=1', as(b)));
    expect((await t.get('/api/entities/iso_schema', as(a))).status).toBe(200);
  },

  async publish_entity({ t, a, b }) {
    await arrange(t, a, 'iso_publish', false);
    const before = await stateOf(t, a, 'iso_publish');
    expectNotFound(await t.post('/api/entities/iso_publish/publish', {}, as(b)));
    expect(await stateOf(t, a, 'iso_publish')).toEqual(before);
    expect(before.draft.data.status).toBe('draft');
  },

  async delete_entity({ t, a, b }) {
    await arrange(t, a, 'iso_delete');
    const before = await stateOf(t, a, 'iso_delete');
    expectNotFound(await t.delete('/api/entities/iso_delete', as(b)));
    expect(await stateOf(t, a, 'iso_delete')).toEqual(before);
  },

  async list_entity_changes({ t, a, b }) {
    await arrange(t, a, 'iso_changes');
    await t.post('/api/entities/iso_changes/fields', { fieldKey: 'secret_field', fieldType: 'text' }, as(a));
    const res = await t.get('/api/entities/iso_changes/changes', as(b));
    expectNotFound(res);
    expect(JSON.stringify(res.body)).not.toContain('secret_field');
  },

  async manage_custom_fields({ t, a, b }) {
    await arrange(t, a, 'iso_fields');
    const before = await stateOf(t, a, 'iso_fields');
    expectNotFound(await t.get('/api/entities/iso_fields/fields', as(b)));
    expectNotFound(await t.post('/api/entities/iso_fields/fields', { fieldKey: 'x', fieldType: 'text' }, as(b)));
    expectNotFound(await t.put('/api/entities/iso_fields/fields/title', { isRequired: true }, as(b)));
    expectNotFound(await t.delete('/api/entities/iso_fields/fields/title', as(b)));
    expect(await stateOf(t, a, 'iso_fields')).toEqual(before);
  },

  async export_metadata({ t, a, b }) {
    await arrange(t, a, 'iso_export');
    const exported = (await t.get('/api/metadata/export', as(b))).body.data;
    expect(exported.entities.map((e: { name: string }) => e.name)).not.toContain('iso_export');
  },

  async import_metadata({ t, a, b }) {
    await arrange(t, a, 'iso_import');
    const before = await stateOf(t, a, 'iso_import');
    const fromA = (await t.get('/api/metadata/export', as(a))).body.data;
    const mine = { ...fromA, entities: fromA.entities.filter((e: { name: string }) => e.name === 'iso_import') };
    // B imports A's definition: it lands in B only, and A's entity is untouched.
    const res = await t.post('/api/metadata/import', { metadata: mine }, as(b));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.created).toEqual(['iso_import']);
    expect(await stateOf(t, a, 'iso_import')).toEqual(before);
    // A relation in B's import cannot reach an entity only A has.
    await arrange(t, a, 'iso_import_target');
    const cross = await t.post(
      '/api/metadata/import',
      {
        metadata: {
          entities: [
            { name: 'iso_import_rel', fields: [{ fieldKey: 'r', fieldType: 'relation', config: { relatedEntity: 'iso_import_target' } }] },
          ],
        },
      },
      as(b),
    );
    expect(cross.status).toBe(400);
    expect((await t.get('/api/entities/iso_import_rel?version=draft', as(b))).status).toBe(404);
  },
};
