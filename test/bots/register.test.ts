import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { userWithToken } from '../users/users.helpers.js';
import { botRow, countBots, registerBot, type Tenant } from './bots.helpers.js';

/** register_bot and list_bots over REST: the secret shown once, stored hashed, rights capped by the creator's. */
describe('registering and listing bots', () => {
  let t: TestApp;
  let acme: Tenant & { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme Bots');
    await seedPublishedEntity(t, acme.id, 'invoices', [{ fieldKey: 'total', fieldType: 'number' }]);
    await seedPublishedEntity(t, acme.id, 'customers', [{ fieldKey: 'full_name', fieldType: 'text' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers bot_id and a 256-bit secret once, stores only a hash, and defaults the role to member', async () => {
    const res = await t.post('/api/bots', { name: 'invoice-sync', description: 'Syncs invoices' }, { apiKey: acme.apiKey });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({ name: 'invoice-sync', description: 'Syncs invoices', role: 'member', status: 'active', permissions: {} });
    expect(data.secret_key).toMatch(/^tbot_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(data.secret_key.slice(38), 'base64url')).toHaveLength(32);
    const stored = await botRow(t, data.bot_id);
    expect(JSON.stringify(stored)).not.toContain(data.secret_key);
    expect(String(stored.secret_hash)).toMatch(/^\$2[aby]\$10\$/);
    const listed = await t.get('/api/bots', { apiKey: acme.apiKey });
    expect(listed.status).toBe(200);
    const item = listed.body.data.find((b: { id: string }) => b.id === data.bot_id);
    expect(item).toMatchObject({ name: 'invoice-sync', role: 'member', status: 'active', lastSeenAt: null, revokedAt: null });
    expect(JSON.stringify(listed.body)).not.toMatch(/tbot_|secret|\$2[aby]\$/);
  });

  it('shows lastSeenAt once the bot has identified, and status revoked after revoke_bot', async () => {
    const bot = await registerBot(t, acme, { name: 'seen-bot' });
    expect((await t.post('/api/bots/identify', { bot_id: bot.id, secret_key: bot.secret })).status).toBe(200);
    const seen = (await t.get('/api/bots', { apiKey: acme.apiKey })).body.data.find((b: { id: string }) => b.id === bot.id);
    expect(seen.lastSeenAt).toBe(t.clock.now().toISOString());
    expect((await t.delete(`/api/bots/${bot.id}`, { apiKey: acme.apiKey })).body.data).toEqual({ bot_id: bot.id, revoked: true });
    const gone = (await t.get('/api/bots', { apiKey: acme.apiKey })).body.data.find((b: { id: string }) => b.id === bot.id);
    expect(gone).toMatchObject({ status: 'revoked', revokedAt: t.clock.now().toISOString() });
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '  ' }],
    ['a name that looks like an id', { name: '0b7c2f52-4a39-4c55-8a4e-0e0f6f2c9a11' }],
    ['role owner', { name: 'x-owner', role: 'owner' }],
    ['an unknown role', { name: 'x-role', role: 'root' }],
    ['a wildcard entity', { name: 'x-wild', permissions: { entities: { '*': ['read'] } } }],
    ['a wildcard action', { name: 'x-wild2', permissions: { entities: { invoices: ['*'] } } }],
    ['an unknown permission key', { name: 'x-key', permissions: { canManageUsers: true } }],
    ['permissions that are not an object', { name: 'x-perm', permissions: 'all' }],
  ])('refuses %s with VALIDATION_ERROR and writes nothing', async (_case, body) => {
    const before = await countBots(t);
    const res = await t.post('/api/bots', body, { apiKey: acme.apiKey });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
    expect(await countBots(t)).toBe(before);
  });

  it('refuses a live duplicate name (ignoring case) with CONFLICT, and frees the name of a revoked bot', async () => {
    const first = await registerBot(t, acme, { name: 'Dup-Bot' });
    const before = await countBots(t);
    const dup = await t.post('/api/bots', { name: 'dup-bot' }, { apiKey: acme.apiKey });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('CONFLICT');
    expect(await countBots(t)).toBe(before);
    expect((await t.delete(`/api/bots/${first.id}`, { apiKey: acme.apiKey })).status).toBe(200);
    expect((await t.post('/api/bots', { name: 'dup-bot' }, { apiKey: acme.apiKey })).status).toBe(201);
  });

  describe('caps: a bot never holds more than its creator', () => {
    it('lets a tenant admin register bots up to admin, and refuses members and viewers (403)', async () => {
      const admin = await userWithToken(t, acme, 'bot-admin@example.com', 'admin');
      expect((await t.post('/api/bots', { name: 'by-admin', role: 'admin' }, { token: admin.token })).status).toBe(201);
      for (const role of ['member', 'viewer']) {
        const user = await userWithToken(t, acme, `bot-${role}@example.com`, role);
        const before = await countBots(t);
        const res = await t.post('/api/bots', { name: `by-${role}`, role: 'viewer' }, { token: user.token });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
        expect((await t.get('/api/bots', { token: user.token })).status).toBe(403);
        expect(await countBots(t)).toBe(before);
      }
    });

    it('refuses entity actions the creator lacks, named or inherited from the role', async () => {
      // An admin who may only read invoices.
      const limited = await userWithToken(t, acme, 'reader-admin@example.com', 'admin', { entities: { invoices: ['read'] } });
      const cases = [
        { name: 'cap-named', role: 'viewer', permissions: { entities: { invoices: ['read', 'update'] } } },
        { name: 'cap-inherited', role: 'member' },
      ];
      for (const body of cases) {
        const before = await countBots(t);
        const res = await t.post('/api/bots', body, { token: limited.token });
        expect(res.status, body.name).toBe(403);
        expect(res.body.error.message).toContain('invoices');
        expect(await countBots(t)).toBe(before);
      }
      const within = await t.post(
        '/api/bots',
        { name: 'cap-ok', role: 'member', permissions: { entities: { invoices: ['read'] } } },
        { token: limited.token },
      );
      expect(within.status).toBe(201);
      expect(within.body.data.permissions).toEqual({ entities: { invoices: ['read'] } });
    });
  });
});
