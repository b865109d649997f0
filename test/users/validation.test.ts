import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { countRows, createUser, PASSWORD } from './users.helpers.js';

describe('tenant users: bad input is refused and writes nothing', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<TestApp['createTenant']>>;
  let existing: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme');
    existing = await createUser(t, acme, { email: 'existing@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  const valid = { email: 'new@example.com', password: PASSWORD, name: 'New' };
  const badCreates: Array<[string, Record<string, unknown>, RegExp]> = [
    ['short password', { ...valid, password: 'short7!' }, /at least 8/],
    ['password over 72 bytes', { ...valid, password: 'ñ'.repeat(37) }, /at most 72 bytes/],
    ['missing password', { email: valid.email, name: 'New' }, /password/],
    ['bad email', { ...valid, email: 'not-an-email' }, /email/],
    ['missing name', { email: valid.email, password: PASSWORD }, /name/],
    ['unknown role', { ...valid, role: 'superuser' }, /role/],
    ['unknown permission key', { ...valid, permissions: { canManageUser: true } }, /canManageUser/],
    ['unknown record action', { ...valid, permissions: { entities: { orders: ['destroy'] } } }, /permissions/],
    ['metadata not an object', { ...valid, metadata: [1, 2] }, /metadata/],
  ];

  it.each(badCreates)('create: %s → 400 VALIDATION_ERROR', async (_name, body, message) => {
    const before = await countRows(t, 'tenant_users');
    const res = await t.post('/api/auth/tenant/users', body, { token: acme.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error)).toMatch(message);
    expect(await countRows(t, 'tenant_users')).toBe(before);
  });

  it('create: malformed JSON → 400, nothing written', async () => {
    const before = await countRows(t, 'tenant_users');
    const res = await t.post('/api/auth/tenant/users', '{"email":', { token: acme.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(await countRows(t, 'tenant_users')).toBe(before);
  });

  const badUpdates: Array<[string, Record<string, unknown>]> = [
    ['empty body', {}],
    ['unknown key (password)', { password: 'another-pass-1' }],
    ['email change', { email: 'x@example.com' }],
    ['bad role', { role: 'root' }],
    ['isActive not boolean', { isActive: 'no' }],
    ['empty name', { name: '  ' }],
  ];

  it.each(badUpdates)('update: %s → 400, user unchanged', async (_name, body) => {
    const before = (await t.get(`/api/auth/tenant/users/${existing.id}`, { token: acme.token })).body.data;
    const res = await t.patch(`/api/auth/tenant/users/${existing.id}`, body, { token: acme.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    const after = (await t.get(`/api/auth/tenant/users/${existing.id}`, { token: acme.token })).body.data;
    expect(after).toEqual(before);
  });

  it.each([
    ['short', 'short7!', /at least 8/],
    ['over 72 bytes', 'x'.repeat(73), /at most 72 bytes/],
  ])('password change: %s → 400, old password still works', async (_name, password, message) => {
    const res = await t.put(`/api/auth/tenant/users/${existing.id}/password`, { password }, { token: acme.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(message);
    const ok = await t.post('/api/auth/tenant/login', { email: 'existing@example.com', password: PASSWORD }, { tenant: acme.slug });
    expect(ok.status).toBe(200);
  });

  it('accepts a password of exactly 72 bytes', async () => {
    const res = await t.post(
      '/api/auth/tenant/users',
      { ...valid, email: 'long@example.com', password: 'x'.repeat(72) },
      { token: acme.token },
    );
    expect(res.status).toBe(201);
  });
});
