import { expect } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import type { TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import type { IsolationScenarios, TenantHandle } from './scenario.js';

const MISSING_ID = '00000000-0000-4000-8000-00000000abcd';
const base = '/api/entities/things/records';

/** Tenant A gets an entity "things" with one record; B gets its own "things" (empty) so only the id is foreign. */
async function arrange(t: TestApp, a: TenantHandle, b: TenantHandle) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const name = `things_${suffix}`;
  const fields = [{ fieldKey: 'label', fieldType: 'text' as const }];
  await seedPublishedEntity(t, a.id, name, fields);
  await seedPublishedEntity(t, b.id, name, fields);
  const path = base.replace('things', name);
  const created = await t.post(path, { label: 'secret of A' }, { apiKey: a.apiKey });
  expect(created.status).toBe(201);
  return { name, path, record: created.body.data as { id: string; data: Record<string, unknown> } };
}

async function unchanged(t: TestApp, a: TenantHandle, path: string, record: { id: string; data: Record<string, unknown> }) {
  const res = await t.get(`${path}/${record.id}`, { apiKey: a.apiKey });
  expect(res.status).toBe(200);
  expect(res.body.data.data).toEqual(record.data);
}

/** B naming A's record answers exactly like B naming a record that does not exist. */
async function sameAsMissing(t: TestApp, method: string, pathOf: (id: string) => string, b: TenantHandle, body?: unknown) {
  const foreign = await t.request(method, pathOf('FOREIGN'), body, { apiKey: b.apiKey });
  const missing = await t.request(method, pathOf(MISSING_ID), body, { apiKey: b.apiKey });
  expect(foreign.status).toBe(404);
  expect({
    ...foreign.body,
    error: { ...foreign.body.error, message: foreign.body.error.message.replace(/[0-9a-f-]{36}/g, 'ID') },
  }).toEqual({
    ...missing.body,
    error: { ...missing.body.error, message: missing.body.error.message.replace(/[0-9a-f-]{36}/g, 'ID') },
  });
}

export const recordScenarios: IsolationScenarios = {
  query_records: async ({ t, a, b }) => {
    const { path, record } = await arrange(t, a, b);
    const res = await t.get(`${path}?search=secret&filter.id=${record.id}&resolve=true`, { apiKey: b.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ data: [], total: 0 });
    expect((await t.get(path, { apiKey: b.apiKey })).body.data.total).toBe(0);
  },
  get_record: async ({ t, a, b }) => {
    const { path, record } = await arrange(t, a, b);
    await sameAsMissing(t, 'GET', (id) => `${path}/${id === 'FOREIGN' ? record.id : id}?resolve=true`, b);
    await unchanged(t, a, path, record);
  },
  create_record: async ({ t, a, b }) => {
    const { name, path, record } = await arrange(t, a, b);
    // B's record lands in B only; A's entity, seen by name from B, is B's own.
    const res = await t.post(path, { label: 'from B' }, { apiKey: b.apiKey });
    expect(res.status).toBe(201);
    expect((await t.get(path, { apiKey: a.apiKey })).body.data.total).toBe(1);
    await unchanged(t, a, path, record);
    // A relation in B may not point at A's record.
    await seedPublishedEntity(t, b.id, `${name}_links`, [{ fieldKey: 'target', fieldType: 'relation', config: { relatedEntity: name } }]);
    const link = await t.post(`/api/entities/${name}_links/records`, { target: record.id }, { apiKey: b.apiKey });
    expect(link.status).toBe(400);
    // A probe without a tenant filter: only row-level security keeps A's record from B (docs/scaling.md).
    const rows = await probe(() =>
      withTenant(t.db, b.id, { readOnly: true }, (tx) => tx.query('select id from records where id = $1', [record.id])),
    );
    expect(rows).toEqual([]);
  },
  update_record: async ({ t, a, b }) => {
    const { path, record } = await arrange(t, a, b);
    await sameAsMissing(t, 'PUT', (id) => `${path}/${id === 'FOREIGN' ? record.id : id}`, b, { label: 'hacked' });
    await sameAsMissing(t, 'PATCH', (id) => `${path}/${id === 'FOREIGN' ? record.id : id}`, b, { label: 'hacked' });
    await unchanged(t, a, path, record);
  },
  delete_record: async ({ t, a, b }) => {
    const { path, record } = await arrange(t, a, b);
    await sameAsMissing(t, 'DELETE', (id) => `${path}/${id === 'FOREIGN' ? record.id : id}`, b);
    await unchanged(t, a, path, record);
  },
  search_records_semantic: async ({ t, a, b }) => {
    const { path, record } = await arrange(t, a, b);
    const res = await t.get(`${path}/search/semantic?q=secret&minSimilarity=0`, { apiKey: b.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    await unchanged(t, a, path, record);
  },
};
