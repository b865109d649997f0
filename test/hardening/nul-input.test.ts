import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH } from '../../src/transports/input-guard.js';
import { definition } from '../entities/helpers.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { callTool, connectHttp, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { createRecordsFixture, type RecordsFixture } from '../records/fixture.js';

/**
 * U+0000 cannot live in PostgreSQL text or jsonb: every input that holds it is refused at the edge
 * with VALIDATION_ERROR naming the field, on both databases, before anything is written — logins
 * (unauthenticated) included. JSON nested deeper than the edge allows is refused the same way.
 */
describe('NUL (U+0000) and over-deep JSON are refused at the edge', () => {
  let f: RecordsFixture;
  const NUL = '\u0000';

  beforeAll(async () => {
    f = await createRecordsFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  /** Everything the cases below could write. */
  const written = async () => {
    const [row] = await probe(() =>
      f.t.db.query<Record<string, number>>(
        `select (select count(*)::int from tenants) as tenants, (select count(*)::int from records) as records,
              (select count(*)::int from entities) as entities, (select count(*)::int from tenant_users) as users,
              (select count(*)::int from api_keys) as keys`,
      ),
    );
    return row;
  };

  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

  type Case = { title: string; method: string; path: string; body?: unknown; raw?: string; field: string; auth?: 'none' | 'tenant' };
  const cases = (): Case[] => [
    {
      title: 'admin login email',
      method: 'POST',
      path: '/api/auth/login',
      body: { email: `a${NUL}@b.co`, password: 'x' },
      field: 'email',
      auth: 'none',
    },
    {
      title: 'admin login password',
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'a@b.co', password: `x${NUL}` },
      field: 'password',
      auth: 'none',
    },
    {
      title: 'tenant login email (raw JSON escape)',
      method: 'POST',
      path: '/api/auth/tenant/login',
      raw: '{"email":"a\\u0000@b.co","password":"x"}',
      field: 'email',
      auth: 'none',
    },
    {
      title: 'tenant MCP login',
      method: 'POST',
      path: '/api/auth/tenant/mcp-login',
      body: { tenantSlug: f.tenant.slug, email: `a${NUL}`, password: 'x' },
      field: 'email',
      auth: 'none',
    },
    { title: 'record text value', method: 'POST', path: f.base('customers'), body: { full_name: `Ana${NUL}` }, field: 'full_name' },
    {
      title: 'record JSON value',
      method: 'POST',
      path: f.base('customers'),
      body: { full_name: 'Ana', extra: { note: [`x${NUL}`] } },
      field: 'extra.note.0',
    },
    {
      title: 'record JSON key',
      method: 'POST',
      path: f.base('customers'),
      body: { full_name: 'Ana', extra: { [`k${NUL}`]: 1 } },
      field: 'extra.k\\u0000',
    },
    { title: 'record body key', method: 'POST', path: f.base('customers'), body: { [`full${NUL}name`]: 'Ana' }, field: 'full\\u0000name' },
    { title: 'entity name in the path', method: 'GET', path: '/api/entities/cust%00omers/records', field: 'entityName' },
    { title: 'record id in the path', method: 'GET', path: `${f.base('customers')}/ab%00`, field: 'id' },
    { title: 'a filter value', method: 'GET', path: `${f.base('customers')}?filter.full_name=a%00b`, field: 'filter.full_name' },
    { title: 'a filter name', method: 'GET', path: `${f.base('customers')}?filter.full%00_name=a`, field: 'filter.full\\u0000_name' },
    { title: 'search', method: 'GET', path: `${f.base('customers')}?search=%00`, field: 'search' },
    {
      title: 'entity name',
      method: 'POST',
      path: '/api/entities',
      body: { definition: definition(`bad${NUL}name`) },
      field: 'definition.entity.name',
    },
    {
      title: 'field name',
      method: 'POST',
      path: '/api/entities',
      body: { definition: definition('okname', [{ name: `F${NUL}`, fieldKey: 'f', fieldType: 'text' }]) },
      field: 'definition.fields.1.name',
    },
    {
      title: 'user name',
      method: 'POST',
      path: '/api/auth/tenant/users',
      body: { email: 'u@x.co', password: 'password-123', name: `U${NUL}` },
      field: 'name',
    },
    { title: 'tenant name', method: 'POST', path: '/api/auth/tenants', body: { name: `T${NUL}` }, field: 'name' },
    {
      title: 'over-deep JSON',
      method: 'POST',
      path: f.base('customers'),
      body: { full_name: 'Ana', extra: nested(MAX_INPUT_DEPTH + 5) },
      field: `extra${'.a'.repeat(MAX_INPUT_DEPTH - 1)}`,
    },
  ];

  it('answers 400 VALIDATION_ERROR naming the field, and writes nothing', async () => {
    const before = await written();
    for (const c of cases()) {
      const options = c.auth === 'none' ? {} : { apiKey: f.tenant.apiKey };
      const headers = c.path === '/api/auth/tenant/login' ? { headers: { 'x-tenant-id': f.tenant.slug } } : {};
      const res = await f.t.request(c.method, c.path, c.raw ?? c.body, { ...options, ...headers });
      expect({ case: c.title, status: res.status }).toEqual({ case: c.title, status: 400 });
      expect(res.body, c.title).toEqual({
        success: false,
        error: { code: 'VALIDATION_ERROR', message: expect.any(String), details: [{ field: c.field, message: expect.any(String) }] },
      });
      expect(res.body.error.message, c.title).toContain(c.field);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a header that reaches SQL (X-Tenant-ID) holding NUL', async () => {
    const res = await f.t.request(
      'POST',
      '/api/auth/tenant/login',
      { email: 'a@b.co', password: 'x' },
      { headers: { 'x-tenant-id': `acme${NUL}` } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'X-Tenant-ID header' }] });
  });

  it('the same NUL-free inputs still work (the guard refuses only NUL)', async () => {
    const res = await f.t.post(f.base('customers'), { full_name: 'Ana', extra: { note: ['x'], nested: nested(10) } }, f.as);
    expect(res.status).toBe(201);
    expect((await f.t.get(`${f.base('customers')}?filter.full_name=Ana&search=ana`, f.as)).body.data.total).toBe(1);
  });
});

describe('NUL in MCP tool arguments', () => {
  let s: McpTestService;
  let tenant: { id: string; slug: string; apiKey: string };

  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Nul Shop');
  });
  afterAll(async () => {
    await s.close();
  });

  it('is refused as a VALIDATION_ERROR tool result naming the argument; nothing written', async () => {
    const client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
    try {
      const entities = async () => (await probe(() => s.t.db.query<{ n: number }>('select count(*)::int as n from entities')))[0]!.n;
      const before = await entities();
      const created = await callTool(client, 'generate_entity', { definition: definition(`x${'\u0000'}`) });
      expect(created.isError).toBe(true);
      expect(created.json).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'definition.entity.name' }] });
      const login = await callTool(client, 'tenant_login', { tenantSlug: tenant.slug, email: 'a\u0000@b.co', password: 'x' });
      expect(login.json).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'email' }] });
      expect(await entities()).toBe(before);
    } finally {
      await client.close();
    }
  });
});
