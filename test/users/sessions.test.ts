import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/domain/auth/tokens.js';
import { SESSION_TTL_MS } from '../../src/domain/users/session-token.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { countRows, createUser, login, PASSWORD, userWithToken } from './users.helpers.js';

/** The user session state table (docs/users.md), row by row, plus deactivation and password change. */
describe('tenant user sessions', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<TestApp['createTenant']>>;
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme');
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (token: string, how: 'bearer' | 'apiKey' = 'apiKey', tenant?: string) =>
    t.get('/api/auth/tenant/me', { ...(how === 'bearer' ? { token } : { apiKey: token }), ...(tenant ? { tenant } : {}) });

  it('(none) → active: login issues an opaque token valid 7 days and records last_login_at', async () => {
    const user = await createUser(t, acme, { email: 'ana@example.com', role: 'admin' });
    const res = await login(t, acme.slug, 'ANA@example.com');
    expect(res.status).toBe(200);
    const { token, expiresAt, user: who } = res.body.data;
    expect(who).toEqual({ id: user.id, email: 'ana@example.com', name: 'ana', role: 'admin' });
    expect(token).toMatch(/^tbs_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime()).toBe(t.clock.now().getTime() + 7 * 24 * 3600 * 1000);
    const profile = await me(token);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ id: user.id, lastLoginAt: t.clock.now().toISOString() });
    // Either header works, with or without X-Tenant-ID (slug or id).
    expect((await me(token, 'bearer')).status).toBe(200);
    expect((await me(token, 'apiKey', acme.slug)).status).toBe(200);
    expect((await me(token, 'bearer', acme.id)).status).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await login(t, acme.slug, 'ana@example.com')).body.data;
    const rows = await probe(() => t.db.query<{ token_hash: string }>('select token_hash from user_sessions'));
    expect(rows.some((r) => r.token_hash === hashSecret(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
  });

  it('active → removed: logout deletes the session; the token answers 401 afterwards', async () => {
    const { token } = (await login(t, acme.slug, 'ana@example.com')).body.data;
    const before = await countRows(t, 'user_sessions', acme.id);
    const out = await t.post('/api/auth/tenant/logout', {}, { apiKey: token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: { loggedOut: true } });
    expect(await countRows(t, 'user_sessions', acme.id)).toBe(before - 1);
    expect((await me(token)).status).toBe(401);
    expect((await t.post('/api/auth/tenant/logout', {}, { apiKey: token })).status).toBe(401);
  });

  it('active → removed: deleting the user removes its sessions', async () => {
    const u = await userWithToken(t, acme, 'gone@example.com');
    const res = await t.delete(`/api/auth/tenant/users/${u.id}`, { apiKey: acme.apiKey });
    expect(res.status).toBe(200);
    const left = await probe(() => t.db.query('select id from user_sessions where user_id = $1', [u.id]));
    expect(left).toEqual([]);
    expect((await me(u.token)).body.error.code).toBe('UNAUTHORIZED');
  });

  it('active → expired: valid until 7 days have passed, then 401 (injected clock)', async () => {
    const u = await userWithToken(t, acme, 'clock@example.com');
    t.clock.advance(SESSION_TTL_MS - 1000);
    expect((await me(u.token)).status).toBe(200);
    t.clock.advance(1000);
    const res = await me(u.token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('expired sessions are deleted at the next login in the tenant', async () => {
    await userWithToken(t, acme, 'old@example.com');
    t.clock.advance(SESSION_TTL_MS + 1);
    const now = t.clock.now();
    const expired = async () =>
      (
        await t.db.query<{ n: number }>('select count(*)::int as n from user_sessions where tenant_id = $1 and expires_at <= $2', [
          acme.id,
          now,
        ])
      )[0]!.n;
    expect(await expired()).toBeGreaterThan(0);
    expect((await login(t, acme.slug, 'old@example.com')).status).toBe(200);
    expect(await expired()).toBe(0);
  });

  it('deactivation: sessions stop working and login is refused with the usual message; reactivation needs a new login', async () => {
    const u = await userWithToken(t, acme, 'inactive@example.com');
    expect((await t.patch(`/api/auth/tenant/users/${u.id}`, { isActive: false }, { apiKey: acme.apiKey })).status).toBe(200);
    expect((await me(u.token)).status).toBe(401);
    const refused = await login(t, acme.slug, 'inactive@example.com');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    await t.patch(`/api/auth/tenant/users/${u.id}`, { isActive: true }, { apiKey: acme.apiKey });
    expect((await me(u.token)).status).toBe(401);
    expect((await login(t, acme.slug, 'inactive@example.com')).status).toBe(200);
  });

  it('password change by an administrator ends every session; the new password works, the old does not', async () => {
    const u = await userWithToken(t, acme, 'pw@example.com');
    const res = await t.put(`/api/auth/tenant/users/${u.id}/password`, { password: 'brand-new-pass' }, { apiKey: acme.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: u.id, passwordChanged: true, sessionsEnded: 1 });
    expect((await me(u.token)).status).toBe(401);
    expect((await login(t, acme.slug, 'pw@example.com')).status).toBe(401);
    expect((await login(t, acme.slug, 'pw@example.com', 'brand-new-pass')).status).toBe(200);
  });

  it("password change of one's own account keeps the caller's session and ends the others", async () => {
    const owner = await userWithToken(t, acme, 'owner@example.com', 'owner');
    const other = (await login(t, acme.slug, 'owner@example.com')).body.data.token as string;
    const res = await t.put(`/api/auth/tenant/users/${owner.id}/password`, { password: 'owner-new-pass' }, { apiKey: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.sessionsEnded).toBe(1);
    expect((await me(owner.token)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
  });

  it('login needs X-Tenant-ID (400) and names an existing tenant (404); no session is written', async () => {
    const before = await countRows(t, 'user_sessions');
    const missing = await t.post('/api/auth/tenant/login', { email: 'ana@example.com', password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_ERROR');
    expect(missing.body.error.message).toMatch(/X-Tenant-ID/);
    const unknown = await login(t, 'no-such-tenant', 'ana@example.com');
    expect(unknown.status).toBe(404);
    expect(await countRows(t, 'user_sessions')).toBe(before);
  });

  it('refuses malformed, forged and unknown session tokens', async () => {
    const { token } = (await login(t, acme.slug, 'ana@example.com')).body.data;
    const other = await t.createTenant('Forgery');
    const retargeted = token.replace(/^tbs_[0-9a-f]{32}_/, `tbs_${other.id.replace(/-/g, '')}_`);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`; // always another last character
    for (const bad of [retargeted, tampered, 'tbs_nonsense', `tbs_${'0'.repeat(32)}_${'a'.repeat(43)}`]) {
      expect((await me(bad)).status).toBe(401);
    }
  });
});
