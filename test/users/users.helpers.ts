import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';

export const PASSWORD = 'correct-horse-1';

export interface TenantUser {
  id: string;
  email: string;
  role: string;
  token: string;
}

/** Creates a user through the REST API with the tenant's API key (owner rights; never expires, unlike admin tokens). */
export async function createUser(
  t: TestApp,
  tenant: { slug: string; apiKey: string },
  body: { email: string; role?: string; permissions?: unknown; name?: string; password?: string },
): Promise<{ id: string; email: string; role: string }> {
  const res = await t.post(
    '/api/auth/tenant/users',
    { name: body.name ?? body.email.split('@')[0], password: PASSWORD, ...body },
    { apiKey: tenant.apiKey },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export async function login(t: TestApp, slug: string, email: string, password = PASSWORD, address?: string) {
  return t.post(
    '/api/auth/tenant/login',
    { email, password },
    {
      tenant: slug,
      ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
    },
  );
}

/** Creates a user and logs it in; answers its id and session token. */
export async function userWithToken(
  t: TestApp,
  tenant: { slug: string; apiKey: string },
  email: string,
  role = 'member',
  permissions?: unknown,
): Promise<TenantUser> {
  const user = await createUser(t, tenant, { email, role, ...(permissions ? { permissions } : {}) });
  const res = await login(t, tenant.slug, email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: user.id, email, role, token: res.body.data.token };
}

/**
 * Rows of a tenant table as the database owner sees them (to prove what was or was not written), of
 * every tenant without `tenantId`: a probe, exempt from the router check (docs/scaling.md).
 */
export async function countRows(t: TestApp, table: 'tenant_users' | 'user_sessions', tenantId?: string): Promise<number> {
  const rows = await probe(() =>
    t.db.query<{ n: number }>(
      `select count(*)::int as n from ${table}${tenantId ? ' where tenant_id = $1' : ''}`,
      tenantId ? [tenantId] : [],
    ),
  );
  return rows[0]!.n;
}
