import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyChangeKey } from '../../src/domain/api-keys/api-key.cache.js';
import { entitiesChangeKey } from '../../src/domain/entities/entity.repository.js';
import { createEntity } from '../entities/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { TEST_DATABASE } from '../helpers/database.js';
import { PASSWORD, createUser } from '../users/users.helpers.js';
import { hears, startInstance, type Instance } from './instances.js';

/**
 * Three instances of the service on one PostgreSQL database (the way users scale before Citus):
 * what one instance changes holds at the others. Credentials and roles are read from the database
 * on every request (admin token revocation, user sessions joined with their user), so those hold
 * on the very next request. Cached data (API keys, published entities) is evicted by the NOTIFY sent
 * at the change's commit: the test waits for that notification to reach the other instance — an
 * event, never a delay — and then the next request there sees the change.
 * Only PostgreSQL can be shared by several processes; an embedded database belongs to one.
 */
describe.runIf(TEST_DATABASE === 'postgres')('many instances on one PostgreSQL database', () => {
  let t: TestApp;
  let others: Instance[];
  let tenant: { id: string; slug: string; token: string; apiKey: string };

  beforeAll(async () => {
    t = await createTestApp();
    others = [await startInstance(t), await startInstance(t)];
    tenant = await t.createTenant('Scaled Co');
  });
  afterAll(async () => {
    for (const other of others ?? []) await other.close();
    await t?.close();
  });

  const everywhere = async (method: string, path: string, options: Parameters<Instance['request']>[3], body?: unknown) =>
    Promise.all([t.request(method, path, body, options), ...others.map((o) => o.request(method, path, body, options))]).then((all) =>
      all.map((r) => r.status),
    );

  it('revoking an API key: every instance refuses it once the revocation is announced', async () => {
    const created = await t.post('/api/auth/api-keys', { name: 'short-lived' }, { token: tenant.token });
    const { id, key } = created.body.data as { id: string; key: string };
    expect(await everywhere('GET', '/api/entities', { apiKey: key })).toEqual([200, 200, 200]); // cached everywhere
    const heard = [hears(t.db, apiKeyChangeKey(id)), others[1]!.hears(apiKeyChangeKey(id))];
    expect((await others[0]!.request('DELETE', `/api/auth/api-keys/${id}`, undefined, { token: tenant.token })).status).toBe(200);
    await Promise.all(heard);
    expect(await everywhere('GET', '/api/entities', { apiKey: key })).toEqual([401, 401, 401]);
  });

  it('an admin logout at one instance ends the token and its family at every instance, at once', async () => {
    const login = await t.adminToken();
    const selected = (await others[1]!.request('POST', `/api/auth/tenants/${tenant.slug}/select`, {}, { token: login })).body.data.token;
    expect(await everywhere('GET', '/api/auth/me', { token: selected })).toEqual([200, 200, 200]);
    expect((await others[0]!.request('POST', '/api/auth/logout', {}, { token: login })).status).toBe(200);
    expect(await everywhere('GET', '/api/auth/me', { token: selected })).toEqual([401, 401, 401]);
    expect(await everywhere('GET', '/api/auth/me', { token: login })).toEqual([401, 401, 401]);
  });

  const userSession = async (email: string, role: string) => {
    const user = await createUser(t, tenant, { email, role });
    const login = await t.post('/api/auth/tenant/login', { email, password: PASSWORD }, { tenant: tenant.slug });
    return { id: user.id, token: login.body.data.token as string };
  };

  it('logout, deactivation, deletion and role changes of users hold at every instance on the next request', async () => {
    await createEntity(t, { apiKey: tenant.apiKey }, 'notes', { publish: true });
    const records = '/api/entities/notes/records';

    const out = await userSession('out@scaled.example', 'member');
    expect(await everywhere('GET', records, { token: out.token })).toEqual([200, 200, 200]);
    expect((await others[1]!.request('POST', '/api/auth/tenant/logout', {}, { token: out.token })).status).toBe(200);
    expect(await everywhere('GET', records, { token: out.token })).toEqual([401, 401, 401]);

    const inactive = await userSession('inactive@scaled.example', 'member');
    expect(await everywhere('GET', records, { token: inactive.token })).toEqual([200, 200, 200]);
    expect(
      (await others[0]!.request('PATCH', `/api/auth/tenant/users/${inactive.id}`, { isActive: false }, { apiKey: tenant.apiKey })).status,
    ).toBe(200);
    expect(await everywhere('GET', records, { token: inactive.token })).toEqual([401, 401, 401]);

    const deleted = await userSession('deleted@scaled.example', 'member');
    expect((await t.delete(`/api/auth/tenant/users/${deleted.id}`, { apiKey: tenant.apiKey })).status).toBe(200);
    expect(await everywhere('GET', records, { token: deleted.token })).toEqual([401, 401, 401]);

    const demoted = await userSession('demoted@scaled.example', 'member');
    expect(await everywhere('POST', records, { token: demoted.token }, { title: 'allowed' })).toEqual([201, 201, 201]);
    expect(
      (await others[1]!.request('PATCH', `/api/auth/tenant/users/${demoted.id}`, { role: 'viewer' }, { apiKey: tenant.apiKey })).status,
    ).toBe(200);
    expect(await everywhere('POST', records, { token: demoted.token }, { title: 'refused' })).toEqual([403, 403, 403]);
  });

  it('publishing an entity at one instance: the others use the new version once the publish is announced', async () => {
    const auth = { apiKey: tenant.apiKey };
    await createEntity(t, auth, 'tasks', { publish: true });
    const records = '/api/entities/tasks/records';
    // Every instance has version 1 cached: an unknown field is refused everywhere.
    expect(await everywhere('POST', records, auth, { title: 'a', due: '2030-01-01' })).toEqual([400, 400, 400]);
    const heard = others.map((o) => o.hears(entitiesChangeKey(tenant.id)));
    expect((await t.post('/api/entities/tasks/fields', { field: { name: 'Due', fieldKey: 'due', fieldType: 'date' } }, auth)).status).toBe(
      201,
    );
    expect((await t.post('/api/entities/tasks/publish', { version_message: 'due dates' }, auth)).status).toBe(200);
    await Promise.all(heard);
    expect(await everywhere('POST', records, auth, { title: 'b', due: '2030-01-01' })).toEqual([201, 201, 201]);
  });
});
