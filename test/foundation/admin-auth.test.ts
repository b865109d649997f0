import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/app.js';

describe('administrator login, me, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs in with the bootstrap administrator and sets an httpOnly cookie', async () => {
    const res = await t.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { token: expect.any(String), admin: { id: expect.any(String), email: ADMIN_EMAIL, name: 'Administrator' } },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^tb_admin=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api(;|$)/);
    expect(cookie).toMatch(new RegExp(`Max-Age=${t.config.adminTokenTtlSeconds}(;|$)`));
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here
  });

  it('logs in even when a stale credential comes along', async () => {
    const res = await t.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { token: 'expired.or.revoked' });
    expect(res.status).toBe(200);
  });

  it('accepts the email in any case', async () => {
    const res = await t.post('/api/auth/login', { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('answers unknown email and wrong password identically', async () => {
    const unknown = await t.post('/api/auth/login', { email: 'nobody@test.local', password: 'whatever-123' });
    const wrong = await t.post('/api/auth/login', { email: ADMIN_EMAIL, password: 'wrong-password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } });
  });

  it('refuses a login without email or password', async () => {
    const res = await t.post('/api/auth/login', { email: ADMIN_EMAIL });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field: 'password', message: expect.any(String) }]);
  });

  it('answers me with a bearer token and with the cookie', async () => {
    const token = await t.adminToken();
    const bearer = await t.get('/api/auth/me', { token });
    expect(bearer.status).toBe(200);
    expect(bearer.body.data).toEqual({ admin: { id: expect.any(String), email: ADMIN_EMAIL, name: 'Administrator' }, tenant: null });
    const cookie = await t.get('/api/auth/me', { headers: { cookie: `tb_admin=${token}` } });
    expect(cookie.status).toBe(200);
  });

  it('ignores the admin cookie on cross-origin requests', async () => {
    const token = await t.adminToken();
    const res = await t.get('/api/auth/me', { headers: { cookie: `tb_admin=${token}`, origin: 'https://evil.example' } });
    expect(res.status).toBe(401);
  });

  it('refuses me without credentials or with a bad token', async () => {
    expect((await t.get('/api/auth/me')).status).toBe(401);
    const bad = await t.get('/api/auth/me', { token: 'not.a.token' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a token signed with another secret', async () => {
    const other = await createTestApp({ JWT_SECRET: 'another-secret-another-secret-another-0' });
    try {
      const foreign = await other.adminToken();
      expect((await t.get('/api/auth/me', { token: foreign })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('refuses an expired token', async () => {
    const token = await t.adminToken();
    t.clock.advance(t.config.adminTokenTtlSeconds * 1000 + 1000);
    try {
      expect((await t.get('/api/auth/me', { token })).status).toBe(401);
    } finally {
      t.clock.advance(-(t.config.adminTokenTtlSeconds * 1000 + 1000));
    }
  });

  it('logout revokes the token and clears the cookie', async () => {
    const token = await t.adminToken();
    const out = await t.post('/api/auth/logout', {}, { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: { loggedOut: true } });
    expect(String(out.headers['set-cookie'])).toMatch(/tb_admin=;/);
    expect(String(out.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(String(out.headers['set-cookie'])).toMatch(/Path=\/api(;|$)/);
    expect((await t.get('/api/auth/me', { token })).status).toBe(401);
    // Logging out again with the revoked token still answers, as does logout without credentials.
    expect((await t.post('/api/auth/logout', {}, { token })).status).toBe(200);
    expect((await t.post('/api/auth/logout')).status).toBe(200);
  });
});

describe('failed-login rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with Retry-After after 10 failures for one email from one address, until the window passes', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/api/auth/login', { email: ADMIN_EMAIL, password: `wrong-${i}` })).status).toBe(401);
    }
    const limited = await t.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(15 * 60 * 1000);
    expect((await t.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('answers 429 after 50 failures from one address, whatever the email', async () => {
    for (let i = 0; i < 50; i++) {
      await t.post('/api/auth/login', { email: `user${i}@test.local`, password: 'wrong-password' });
    }
    const limited = await t.post('/api/auth/login', { email: 'fresh@test.local', password: 'wrong-password' });
    expect(limited.status).toBe(429);
    t.clock.advance(15 * 60 * 1000);
  });
});
