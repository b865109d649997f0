import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { botWithToken } from '../bots/bots.helpers.js';
import { createUser, userWithToken, type TenantUser } from './users.helpers.js';

const rightsOf = (id: string) => `/api/auth/tenant/users/${id}/rights`;
const ALL = ['create', 'read', 'update', 'delete'];
const NONE = { manageUsers: false, changeSchema: false, writeSites: false, manageBots: false };
const EVERY = { manageUsers: true, changeSchema: true, writeSites: true, manageBots: true };

/** docs/users.md "Effective rights": GET /api/auth/tenant/users/{id|me}/rights. */
describe("a user's effective rights", () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<TestApp['createTenant']>>;
  let other: Awaited<ReturnType<TestApp['createTenant']>>;
  const users = {} as Record<'owner' | 'admin' | 'member' | 'viewer', TenantUser>;
  let overridden: TenantUser;
  let otherUser: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Rights Acme');
    other = await t.createTenant('Rights Other');
    for (const tenant of [acme, other]) {
      await seedPublishedEntity(t, tenant.id, 'notes', [{ fieldKey: 'label', fieldType: 'text' }]);
      await seedPublishedEntity(t, tenant.id, 'orders', [{ fieldKey: 'label', fieldType: 'text' }]);
    }
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
      users[role] = await userWithToken(t, acme, `${role}@rights.example`, role);
    }
    // A viewer who may delete orders (but not create them) and manage users.
    overridden = await userWithToken(t, acme, 'override@rights.example', 'viewer', {
      entities: { orders: ['read', 'delete'] },
      canManageUsers: true,
    });
    otherUser = await createUser(t, other, { email: 'owner@rights.example', role: 'owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  const byEntity = (data: { entities: Array<{ entity: string; actions: string[]; source: string }> }) =>
    Object.fromEntries(data.entities.map((e) => [e.entity, { actions: e.actions, source: e.source }]));

  it.each([
    ['owner', ALL, EVERY],
    ['admin', ALL, EVERY],
    ['member', ['create', 'read', 'update'], NONE],
    ['viewer', ['read'], NONE],
  ] as const)("a user manager sees a %s's role rights on every entity", async (role, actions, tenant) => {
    const res = await t.get(rightsOf(users[role].id), { apiKey: acme.apiKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.subject).toEqual({ kind: 'tenant_user', id: users[role].id, role, isActive: true });
    expect(res.body.data.tenant).toEqual(tenant);
    expect(byEntity(res.body.data)).toEqual({ notes: { actions, source: 'role' }, orders: { actions, source: 'role' } });
  });

  it('a per-entity override replaces the role on that entity only, and canManageUsers grants user management', async () => {
    const res = await t.get(rightsOf(overridden.id), { token: acme.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.tenant).toEqual({ ...NONE, manageUsers: true });
    expect(byEntity(res.body.data)).toEqual({
      notes: { actions: ['read'], source: 'role' },
      orders: { actions: ['read', 'delete'], source: 'override' },
    });
  });

  it('answers what requests are held to: the override user cannot create an order, but can delete one', async () => {
    const refused = await t.post('/api/entities/orders/records', { label: 'x' }, { apiKey: overridden.token });
    expect(refused.status).toBe(403);
    const made = await t.post('/api/entities/orders/records', { label: 'x' }, { apiKey: acme.apiKey });
    expect(made.status).toBe(201);
    expect((await t.delete(`/api/entities/orders/records/${made.body.data.id}`, { apiKey: overridden.token })).status).toBe(200);
  });

  it('every user may ask about themselves, by me or by their own id, and gets what a manager sees', async () => {
    for (const user of [...Object.values(users), overridden]) {
      const managerView = (await t.get(rightsOf(user.id), { apiKey: acme.apiKey })).body.data;
      for (const id of ['me', user.id, user.id.toUpperCase()]) {
        const res = await t.get(rightsOf(id), { apiKey: user.token });
        expect(res.status, `${user.email} ${id}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.data).toEqual(managerView);
      }
    }
  });

  it("me answers an administrator's, a key's and a bot's own rights", async () => {
    const admin = await t.get(rightsOf('me'), { token: acme.token });
    expect(admin.status).toBe(200);
    expect(admin.body.data.subject).toMatchObject({ kind: 'admin', role: null });
    expect(admin.body.data.tenant).toEqual(EVERY);
    expect(byEntity(admin.body.data).orders).toEqual({ actions: ALL, source: 'credential' });
    const key = await t.get(rightsOf('me'), { apiKey: acme.apiKey });
    expect(key.body.data.subject).toMatchObject({ kind: 'tenant_key', role: null });
    expect(key.body.data.tenant).toEqual(EVERY);
    const bot = await botWithToken(t, acme, { name: 'rights-bot', role: 'admin', permissions: { entities: { notes: ['read'] } } });
    const asBot = await t.get(rightsOf('me'), { token: bot.token });
    expect(asBot.status, JSON.stringify(asBot.body)).toBe(200);
    expect(asBot.body.data.subject).toEqual({ kind: 'bot', id: bot.id, role: 'admin', isActive: true });
    // Bots never manage people or bots (docs/bots.md).
    expect(asBot.body.data.tenant).toEqual({ manageUsers: false, changeSchema: true, writeSites: true, manageBots: false });
    expect(byEntity(asBot.body.data)).toEqual({
      notes: { actions: ['read'], source: 'override' },
      orders: { actions: ALL, source: 'role' },
    });
    // A bot manages no users: another user's rights are refused.
    expect((await t.get(rightsOf(users.viewer.id), { token: bot.token })).status).toBe(403);
  });

  it("an inactive user's rights say so", async () => {
    const gone = await createUser(t, acme, { email: 'inactive@rights.example', role: 'member' });
    await t.patch(`/api/auth/tenant/users/${gone.id}`, { isActive: false }, { apiKey: acme.apiKey });
    const res = await t.get(rightsOf(gone.id), { apiKey: acme.apiKey });
    expect(res.body.data.subject).toMatchObject({ id: gone.id, isActive: false });
  });

  it('a caller who manages no users may not ask about another user, whether or not the id exists (403)', async () => {
    for (const caller of [users.member, users.viewer]) {
      for (const id of [users.owner.id, randomUUID(), otherUser.id]) {
        const res = await t.get(rightsOf(id), { apiKey: caller.token });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
      }
    }
  });

  it('user managers among users (admin, canManageUsers) may ask about others', async () => {
    for (const caller of [users.admin, overridden]) {
      const res = await t.get(rightsOf(users.member.id), { apiKey: caller.token });
      expect(res.status).toBe(200);
      expect(res.body.data.subject.id).toBe(users.member.id);
    }
  });

  it.each(['not-a-uuid', '123', 'ME', 'me2', `${randomUUID()}x`, 'x'.repeat(90)])(
    'a bad id (%s) answers 400 in the envelope',
    async (id) => {
      const res = await t.get(rightsOf(encodeURIComponent(id)), { apiKey: acme.apiKey });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
    },
  );

  it("another tenant's user answers exactly as an unknown id (404)", async () => {
    const missing = randomUUID();
    const foreign = await t.get(rightsOf(otherUser.id), { apiKey: acme.apiKey });
    const unknown = await t.get(rightsOf(missing), { apiKey: acme.apiKey });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(foreign.body).replaceAll(otherUser.id, '<id>')).toBe(JSON.stringify(unknown.body).replaceAll(missing, '<id>'));
    expect(JSON.stringify(foreign.body)).not.toContain('rights.example');
  });

  it('without a credential: 401', async () => {
    expect((await t.get(rightsOf('me'), { tenant: acme.slug })).status).toBe(401);
  });
});
