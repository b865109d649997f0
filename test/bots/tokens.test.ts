import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { botRow, botWithToken, identify, registerBot, type Tenant } from './bots.helpers.js';

const BAD = { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid bot id or secret' } };

/** identify_bot, bot tokens on REST, whoami_bot, revoke_bot and reset_bot_secret. */
describe('bot identities and their tokens over REST', () => {
  let t: TestApp;
  let acme: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme Tokens');
    other = await t.createTenant('Other Tokens');
    await seedPublishedEntity(t, acme.id, 'invoices', [{ fieldKey: 'total', fieldType: 'number' }]);
    await seedPublishedEntity(t, acme.id, 'customers', [{ fieldKey: 'full_name', fieldType: 'text' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('identifies by bot_id or by name, with secret_key or its alias secret, for a one-hour token', async () => {
    const bot = await registerBot(t, acme, { name: 'Reporter', role: 'viewer' });
    for (const body of [
      { bot_id: bot.id, secret_key: bot.secret },
      { name: 'reporter', secret: bot.secret },
      { bot_id: 'Reporter', secret_key: bot.secret },
    ]) {
      const res = await identify(t, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.data).toMatchObject({
        tokenType: 'Bearer',
        expiresIn: 3600,
        bot: { id: bot.id, name: 'Reporter', role: 'viewer', permissions: {}, tenantId: acme.id },
      });
      expect(res.body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    }
  });

  it('answers unknown bot, wrong secret, malformed secret and revoked bot identically (401)', async () => {
    const bot = await registerBot(t, acme, { name: 'same-answer' });
    const gone = await registerBot(t, acme, { name: 'gone-bot' });
    await t.delete(`/api/bots/${gone.id}`, { apiKey: acme.apiKey });
    const answers = await Promise.all([
      identify(t, { bot_id: '00000000-0000-4000-8000-000000000000', secret_key: bot.secret }),
      identify(t, { bot_id: bot.id, secret_key: `${bot.secret.slice(0, -2)}xx` }),
      identify(t, { bot_id: bot.id, secret_key: 'not-a-secret' }),
      identify(t, { bot_id: gone.id, secret_key: gone.secret }),
      identify(t, { name: 'gone-bot', secret_key: gone.secret }),
    ]);
    for (const a of answers) expect([a.status, a.body]).toEqual([401, BAD]);
  });

  it('refuses identify input without a bot or a secret (VALIDATION_ERROR), touching nothing', async () => {
    const bot = await registerBot(t, acme, { name: 'input-bot' });
    const before = await botRow(t, bot.id);
    for (const body of [{ secret_key: bot.secret }, { bot_id: bot.id }, { bot_id: 7, secret_key: bot.secret }]) {
      const res = await identify(t, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
    expect(await botRow(t, bot.id)).toEqual(before);
  });

  it('spends a bcrypt comparison on unknown bots too (no fast path)', async () => {
    const bot = await registerBot(t, acme, { name: 'timed-bot' });
    const time = async (body: Record<string, unknown>) => {
      const started = performance.now();
      const res = await identify(t, body);
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 4; i++) {
      unknown.push(await time({ bot_id: `no-such-bot-${i}`, secret_key: bot.secret }));
      wrong.push(await time({ bot_id: bot.id, secret_key: `${bot.secret.slice(0, -1)}${i}` }));
    }
    // Without the dummy hash an unknown bot answers in ~1 ms against ~50+ ms for bcrypt.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    expect((await identify(t, { bot_id: bot.id, secret_key: bot.secret })).status).toBe(200); // clears the failures
  });

  it('acts on records within its role and permissions, and 403s beyond them', async () => {
    const bot = await botWithToken(t, acme, {
      name: 'invoice-writer',
      role: 'viewer',
      permissions: { entities: { invoices: ['read', 'create'] } },
    });
    const created = await t.post('/api/entities/invoices/records', { total: 12 }, { token: bot.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await t.get('/api/entities/invoices/records', { token: bot.token })).status).toBe(200);
    expect((await t.get('/api/entities/customers/records', { token: bot.token })).status).toBe(200);
    const refused = [
      await t.post('/api/entities/customers/records', { full_name: 'Ana' }, { token: bot.token }),
      await t.delete(`/api/entities/invoices/records/${created.body.data.id}`, { token: bot.token }),
      await t.get('/api/bots', { token: bot.token }),
      await t.post('/api/bots', { name: 'child', role: 'viewer' }, { token: bot.token }),
      await t.get('/api/auth/tenant/users', { token: bot.token }),
    ];
    for (const r of refused) expect([r.status, r.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.get(`/api/entities/invoices/records/${created.body.data.id}`, { apiKey: acme.apiKey })).status).toBe(200);
    // The X-API-Key header carries it too.
    expect((await t.get('/api/entities/invoices/records', { apiKey: bot.token })).status).toBe(200);
  });

  it('whoami_bot answers the bot, its tenant and its effective permissions', async () => {
    const bot = await botWithToken(t, acme, { name: 'whoami', role: 'member', permissions: { entities: { invoices: ['read'] } } });
    const res = await t.get('/api/bots/me', { token: bot.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      bot: { id: bot.id, name: 'whoami', role: 'member', status: 'active' },
      tenant: { id: acme.id, slug: acme.slug },
      effectivePermissions: {
        role: 'member',
        schema: { read: true, write: false },
        manageUsers: false,
        manageBots: false,
        records: { invoices: ['read'], customers: ['create', 'read', 'update'] },
      },
    });
    const notABot = await t.get('/api/bots/me', { apiKey: acme.apiKey });
    expect([notABot.status, notABot.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('refuses a bot token naming another tenant with X-Tenant-ID (401), by slug or id', async () => {
    const bot = await botWithToken(t, acme, { name: 'homebody' });
    for (const named of [other.slug, other.id]) {
      const res = await t.get('/api/entities/invoices/records', { token: bot.token, tenant: named });
      expect([res.status, res.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    expect((await t.get('/api/entities/invoices/records', { token: bot.token, tenant: acme.slug })).status).toBe(200);
  });

  it('refuses identify when the caller already acts in another tenant (401)', async () => {
    const bot = await registerBot(t, acme, { name: 'wrong-door' });
    const res = await identify(t, { bot_id: bot.id, secret_key: bot.secret }, { tenant: other.slug });
    expect(res.status).toBe(200); // anonymous: X-Tenant-ID names nothing for a public call
    const asOther = await t.post('/api/bots/identify', { bot_id: bot.id, secret_key: bot.secret }, { apiKey: other.apiKey });
    expect([asOther.status, asOther.body]).toEqual([401, BAD]);
  });

  it('refuses expired, tampered and foreign-signed tokens (401)', async () => {
    const bot = await botWithToken(t, acme, { name: 'aging' });
    const [head, payload, signature] = bot.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, tid: other.id })).toString('base64url')}.${signature}`;
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-0123'));
    for (const token of [tampered, foreign, `${bot.token}x`]) {
      expect((await t.get('/api/entities/invoices/records', { token })).status).toBe(401);
    }
    expect((await t.get('/api/entities/invoices/records', { token: bot.token })).status).toBe(200);
    t.clock.advance(3600 * 1000 + 1000);
    const expired = await t.get('/api/entities/invoices/records', { token: bot.token });
    expect([expired.status, expired.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('revoke_bot makes its tokens fail on the very next request, and identify too', async () => {
    const bot = await botWithToken(t, acme, { name: 'revoked-next' });
    expect((await t.get('/api/entities/invoices/records', { token: bot.token })).status).toBe(200);
    const revoked = await t.delete('/api/bots/revoked-next', { apiKey: acme.apiKey });
    expect(revoked.body.data).toEqual({ bot_id: bot.id, revoked: true });
    expect((await t.get('/api/entities/invoices/records', { token: bot.token })).status).toBe(401);
    expect((await identify(t, { bot_id: bot.id, secret_key: bot.secret })).status).toBe(401);
    const again = await t.delete(`/api/bots/${bot.id}`, { apiKey: acme.apiKey });
    expect([again.status, again.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('reset_bot_secret gives a new secret; older tokens and the old secret fail on the next request', async () => {
    const bot = await botWithToken(t, acme, { name: 'rotated' });
    const reset = await t.post(`/api/bots/${bot.id}/reset-secret`, undefined, { apiKey: acme.apiKey });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ bot_id: bot.id, tokensRevoked: true });
    expect(reset.body.data.secret_key).not.toBe(bot.secret);
    expect((await t.get('/api/entities/invoices/records', { token: bot.token })).status).toBe(401);
    expect((await identify(t, { bot_id: bot.id, secret_key: bot.secret })).status).toBe(401);
    const fresh = await identify(t, { bot_id: bot.id, secret_key: reset.body.data.secret_key });
    expect(fresh.status).toBe(200);
    expect((await t.get('/api/entities/invoices/records', { token: fresh.body.data.token })).status).toBe(200);
  });

  it('answers 404 for revoke and reset of an unknown bot, writing nothing', async () => {
    const bot = await registerBot(t, acme, { name: 'bystander' });
    const before = await botRow(t, bot.id);
    for (const res of [
      await t.delete('/api/bots/no-such-bot', { apiKey: acme.apiKey }),
      await t.post('/api/bots/00000000-0000-4000-8000-000000000000/reset-secret', undefined, { apiKey: acme.apiKey }),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect(await botRow(t, bot.id)).toEqual(before);
  });
});
