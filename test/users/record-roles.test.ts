import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken, type TenantUser } from './users.helpers.js';

/** docs/users.md on the record routes: every role × action, and per-entity overrides, with user tokens. */
describe('roles on record routes', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<TestApp['createTenant']>>;
  const users: Record<string, TenantUser> = {};
  let seedId: string;

  const entity = async (name: string) => {
    const res = await t.post(
      '/api/entities',
      {
        definition: { entity: { name }, fields: [{ name: 'Title', fieldKey: 'title', fieldType: 'text' }] },
        auto_publish: true,
        version_message: 'v1',
      },
      { apiKey: tenant.apiKey },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const count = async (name: string) => (await t.get(`/api/entities/${name}/records`, { apiKey: tenant.apiKey })).body.data.total as number;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Roles Inc');
    await entity('notes');
    await entity('secrets');
    seedId = (await t.post('/api/entities/notes/records', { title: 'seed' }, { apiKey: tenant.apiKey })).body.data.id;
    for (const role of ['owner', 'admin', 'member', 'viewer']) {
      users[role] = await userWithToken(t, tenant, `${role}@roles.test`, role);
    }
    // A viewer allowed to write notes, and a member barred from secrets.
    users.writerViewer = await userWithToken(t, tenant, 'wv@roles.test', 'viewer', { entities: { notes: ['read', 'create', 'update'] } });
    users.barredMember = await userWithToken(t, tenant, 'bm@roles.test', 'member', { entities: { secrets: [] } });
  });
  afterAll(async () => {
    await t.close();
  });

  const act = (who: string, action: string, entityName = 'notes') => {
    const as = { token: users[who]!.token, tenant: tenant.slug };
    const base = `/api/entities/${entityName}/records`;
    switch (action) {
      case 'read':
        return t.get(base, as);
      case 'create':
        return t.post(base, { title: `by ${who}` }, as);
      case 'update':
        return t.put(`${base}/${seedId}`, { title: `edited by ${who}` }, as);
      default:
        return t.delete(`${base}/00000000-0000-4000-8000-000000000000`, as);
    }
  };

  const matrix: Array<[string, Record<string, boolean>]> = [
    ['owner', { read: true, create: true, update: true, delete: true }],
    ['admin', { read: true, create: true, update: true, delete: true }],
    ['member', { read: true, create: true, update: true, delete: false }],
    ['viewer', { read: true, create: false, update: false, delete: false }],
    ['writerViewer', { read: true, create: true, update: true, delete: false }],
  ];

  for (const [who, allowed] of matrix) {
    for (const [action, ok] of Object.entries(allowed)) {
      it(`${who} ${ok ? 'may' : 'may not'} ${action} records`, async () => {
        const before = await count('notes');
        const res = await act(who, action);
        if (ok) {
          // An allowed delete of a missing record is a 404, not a 403.
          expect(res.status, JSON.stringify(res.body)).toBe(action === 'delete' ? 404 : action === 'create' ? 201 : 200);
        } else {
          expect(res.status).toBe(403);
          expect(res.body.error.code).toBe('FORBIDDEN');
          expect(res.body.error.message).toContain(action);
          expect(await count('notes')).toBe(before);
        }
      });
    }
  }

  it('an empty per-entity list bars a member from that entity only', async () => {
    expect((await act('barredMember', 'read', 'secrets')).status).toBe(403);
    expect((await act('barredMember', 'create', 'secrets')).status).toBe(403);
    expect((await act('barredMember', 'read', 'notes')).status).toBe(200);
  });

  it('only owners and admins change the schema', async () => {
    for (const role of ['member', 'viewer']) {
      const res = await t.post(
        '/api/entities',
        { definition: { entity: { name: `by_${role}` }, fields: [{ name: 'X', fieldKey: 'x', fieldType: 'text' }] } },
        { token: users[role]!.token, tenant: tenant.slug },
      );
      expect(res.status).toBe(403);
      expect((await t.get(`/api/entities/by_${role}?version=draft`, { apiKey: tenant.apiKey })).status).toBe(404);
    }
    const viewerRead = await t.get('/api/entities', { token: users.viewer!.token, tenant: tenant.slug });
    expect(viewerRead.status).toBe(200);
  });
});
