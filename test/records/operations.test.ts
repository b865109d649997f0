import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/domain/access/principal.js';
import { AppError } from '../../src/errors.js';
import type { OperationContext } from '../../src/operations/core/context.js';
import { executeOperation } from '../../src/operations/core/execute.js';
import { findOperation } from '../../src/operations/index.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';
import { createLogger } from '../../src/logging.js';

/** The operations as MCP calls them: the same catalogue entries, with tool-style arguments. */
describe('record operations with MCP arguments and per-role permissions', () => {
  let f: RecordsFixture;
  let ctx: (principal?: Principal) => OperationContext;
  const call = (name: string, args: unknown, principal?: Principal) =>
    executeOperation(findOperation(name)!, ctx(principal), args).then((r) => r.data);
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };
  const user = (role: 'viewer' | 'member', entities?: Record<string, Array<'read' | 'create' | 'update' | 'delete'>>): Principal => ({
    kind: 'tenant_user',
    userId: '00000000-0000-4000-8000-000000000001',
    tenantId: f.tenant.id,
    email: 'u@x.io',
    role,
    permissions: entities ? { entities } : {},
    sessionId: 's',
  });

  beforeAll(async () => {
    f = await createRecordsFixture();
    ctx = (principal) => ({
      db: f.t.db,
      config: f.t.config,
      services: f.t.services,
      principal: principal ?? { kind: 'tenant_key', keyId: 'k', adminId: 'a', tenantId: f.tenant.id },
      tenant: { id: f.tenant.id, slug: f.tenant.slug, name: 'Records Co' },
      clientAddress: '127.0.0.1',
      log: createLogger('silent'),
    });
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('create_record / update_record / delete_record take { entityName, data } and { id }', async () => {
    const created = (await call('create_record', { entityName: 'customers', data: { full_name: 'Mcp', score: '5' } })) as any;
    expect(created.data).toEqual({ full_name: 'Mcp', score: 5 });
    const updated = (await call('update_record', { entityName: 'customers', id: created.id, data: { score: 6 }, extra: 'ignored' })) as any;
    expect(updated.data.score).toBe(6);
    expect(await call('delete_record', { entityName: 'customers', id: created.id })).toEqual({ id: created.id, deleted: true });
  });

  it('query_records reads filter "field = value", orderBy/orderDir, paging, and resolves relations by default', async () => {
    const a = (await call('create_record', { entityName: 'customers', data: { full_name: 'Ann', tier: 'gold', score: 9 } })) as any;
    await call('create_record', { entityName: 'customers', data: { full_name: 'Bob', tier: 'gold', score: 10 } });
    await call('create_record', { entityName: 'customers', data: { full_name: 'Cid', tier: 'silver', score: 11 } });
    await call('create_record', { entityName: 'orders', data: { code: 'Q-1', customer: a.id } });

    const page = (await call('query_records', {
      entityName: 'customers',
      filter: 'tier = "gold"',
      orderBy: 'score',
      orderDir: 'DESC',
    })) as any;
    expect(page.data.map((r: any) => r.name)).toEqual(['Bob', 'Ann']);
    expect(page).toMatchObject({ total: 2, page: 1, limit: 20, totalPages: 1 });
    const gt = (await call('query_records', { entityName: 'customers', filter: 'score >= 10', orderBy: 'score' })) as any;
    expect(gt.data.map((r: any) => r.name)).toEqual(['Bob', 'Cid']);
    const empty = (await call('query_records', {
      entityName: 'customers',
      filter: 'notes = null',
      orderBy: 'score',
      limit: 1,
      page: 2,
    })) as any;
    expect(empty).toMatchObject({ page: 2, limit: 1, total: 3 });
    expect(empty.data.map((r: any) => r.name)).toEqual(['Bob']);

    const orders = (await call('query_records', { entityName: 'orders' })) as any;
    expect(orders.data[0].data.customer).toMatchObject({ id: a.id, data: { full_name: 'Ann' } });
    const raw = (await call('query_records', { entityName: 'orders', resolve: false })) as any;
    expect(raw.data[0].data.customer).toBe(a.id);
  });

  it('refuses bad tool arguments with VALIDATION_ERROR', async () => {
    for (const args of [
      { entityName: 'customers', filter: 'score ~ 3' },
      { entityName: 'customers', filter: 'nope = 3' },
      { entityName: 'customers', orderBy: 'nope' },
      { entityName: 'customers', page: 0 },
      { entityName: 'customers', limit: 'lots' },
      { entityName: 'customers', resolve: 'maybe' },
      { entityName: 'customers', search: 'x'.repeat(500) },
    ]) {
      expect((await failure(call('query_records', args))).code, JSON.stringify(args)).toBe('VALIDATION_ERROR');
    }
    const proto = JSON.parse('{"full_name":"P","__proto__":{"polluted":true}}');
    const e = await failure(call('create_record', { entityName: 'customers', data: proto }));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.message).toContain('__proto__');
    expect((await failure(call('create_record', { entityName: 'customers', data: [1] }))).code).toBe('VALIDATION_ERROR');
  });

  it('enforces record actions per role and per-entity permissions, naming the action', async () => {
    const viewer = user('viewer');
    expect(((await call('query_records', { entityName: 'customers' }, viewer)) as any).total).toBeGreaterThan(0);
    const denied = await failure(call('create_record', { entityName: 'customers', data: { full_name: 'V' } }, viewer));
    expect(denied.code).toBe('FORBIDDEN');
    expect(denied.message).toContain('create');
    const member = user('member');
    const r = (await call('create_record', { entityName: 'customers', data: { full_name: 'M' } }, member)) as any;
    expect((await failure(call('delete_record', { entityName: 'customers', id: r.id }, member))).message).toContain('delete');
    const narrowed = user('member', { customers: ['read'] });
    expect((await failure(call('update_record', { entityName: 'customers', id: r.id, data: { score: 1 } }, narrowed))).code).toBe(
      'FORBIDDEN',
    );
    const widened = user('viewer', { orders: ['create', 'read'] });
    expect(await call('create_record', { entityName: 'orders', data: { code: 'W' } }, widened)).toMatchObject({ name: 'W' });
  });
});
